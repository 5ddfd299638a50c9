// A multinomial logistic regression ("softmax head"): the smallest model that can weigh a hundred cues against
// each other, trained by plain full-batch gradient descent so the result is deterministic and reproducible.
// Features are standardised with the training set's mean and spread, which are stored with the weights.

export interface Standardizer {
  mean: number[];
  scale: number[];
}

export interface LinearHead extends Standardizer {
  /** weights[class][feature]. */
  weights: number[][];
  bias: number[];
}

export interface FitOptions {
  /** L2 penalty on the weights (not the bias); larger is smoother and trusts single cues less. */
  l2: number;
  iterations: number;
  learningRate: number;
}

export const DEFAULT_FIT: FitOptions = { l2: 0.1, iterations: 800, learningRate: 0.5 };

/** Per feature, the mean and the standard deviation (1 where a feature never varies, to avoid dividing by 0). */
export function fitStandardizer(rows: readonly number[][]): Standardizer {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j] += r[j] / rows.length;
  for (const r of rows) for (let j = 0; j < d; j++) scale[j] += (r[j] - mean[j]) ** 2 / rows.length;
  return { mean, scale: scale.map((v) => (v > 1e-12 ? Math.sqrt(v) : 1)) };
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

/**
 * Fits a head to rows labelled 0..classCount-1, on top of fixed per-row logit offsets when given. Starts from
 * zero, so the same data gives the same weights.
 */
export function fitLinearHead(
  rows: readonly number[][],
  labels: readonly number[],
  classCount: number,
  options: FitOptions = DEFAULT_FIT,
  offsets?: readonly number[][],
): LinearHead {
  if (rows.length === 0 || rows.length !== labels.length)
    throw new Error('fitLinearHead needs labelled rows');
  const std = fitStandardizer(rows);
  const x = rows.map((r) => standardize(std, r));
  const n = x.length;
  const d = x[0].length;
  const weights = Array.from({ length: classCount }, () => new Array<number>(d).fill(0));
  const bias = new Array<number>(classCount).fill(0);
  for (let it = 0; it < options.iterations; it++) {
    const gradW = Array.from({ length: classCount }, () => new Array<number>(d).fill(0));
    const gradB = new Array<number>(classCount).fill(0);
    for (let i = 0; i < n; i++) {
      const p = softmax(
        weights.map((w, c) => w.reduce((s, wj, j) => s + wj * x[i][j], bias[c] + (offsets?.[i][c] ?? 0))),
      );
      for (let c = 0; c < classCount; c++) {
        const err = (p[c] - (labels[i] === c ? 1 : 0)) / n;
        gradB[c] += err;
        const g = gradW[c];
        for (let j = 0; j < d; j++) g[j] += err * x[i][j];
      }
    }
    for (let c = 0; c < classCount; c++) {
      for (let j = 0; j < d; j++) {
        weights[c][j] -= options.learningRate * (gradW[c][j] + options.l2 * weights[c][j]);
      }
      bias[c] -= options.learningRate * gradB[c];
    }
  }
  return { ...std, weights, bias };
}
