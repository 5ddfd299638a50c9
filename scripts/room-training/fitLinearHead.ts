// Fits the room head's softmax regression (core/analysis/room/linearHead.ts) by plain full-batch gradient
// descent, so the same photos always give the same weights. Training-only: scripts/train-room-head.ts.
import {
  softmax,
  standardize,
  type LinearHead,
  type Standardizer,
} from '../../core/analysis/room/linearHead';

export interface FitOptions {
  /** L2 penalty on the weights (not the bias); larger is smoother and trusts single cues less. */
  l2: number;
  iterations: number;
  learningRate: number;
}

const DEFAULT_FIT: FitOptions = { l2: 0.1, iterations: 800, learningRate: 0.5 };

/** Per feature, the mean and the standard deviation (1 where a feature never varies, to avoid dividing by 0). */
export function fitStandardizer(rows: readonly number[][]): Standardizer {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j] += r[j] / rows.length;
  for (const r of rows) for (let j = 0; j < d; j++) scale[j] += (r[j] - mean[j]) ** 2 / rows.length;
  return { mean, scale: scale.map((v) => (v > 1e-12 ? Math.sqrt(v) : 1)) };
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
