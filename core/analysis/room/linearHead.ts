// A multinomial logistic regression ("softmax head"): the smallest model that can weigh a hundred cues against
// each other. This is its prediction side; the fitting lives with the training script
// (scripts/room-training/fitLinearHead.ts). Features are standardised with the training set's mean and spread,
// which are stored with the weights.

export interface Standardizer {
  mean: number[];
  scale: number[];
}

export interface LinearHead extends Standardizer {
  /** weights[class][feature]. */
  weights: number[][];
  bias: number[];
}

export function standardize(s: Standardizer, row: readonly number[]): number[] {
  return row.map((v, j) => (v - s.mean[j]) / s.scale[j]);
}

/** Probabilities that sum to 1, computed stably (largest logit subtracted first). */
export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((z) => Math.exp(z - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/**
 * Class probabilities of one raw (not yet standardised) feature row. `offset` is added to the logits as it is
 * (fixed prior knowledge the weights were trained on top of, see rulePrior.ts).
 */
export function predictProbabilities(
  head: LinearHead,
  row: readonly number[],
  offset?: readonly number[],
): number[] {
  if (row.length !== head.mean.length) {
    throw new Error(`room head expects ${head.mean.length} features, got ${row.length}`);
  }
  const x = standardize(head, row);
  return softmax(
    head.weights.map((w, c) => w.reduce((sum, wj, j) => sum + wj * x[j], head.bias[c] + (offset?.[c] ?? 0))),
  );
}
