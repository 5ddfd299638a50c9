import { describe, it, expect } from 'vitest';
import {
  predictProbabilities,
  softmax,
  standardize,
  type LinearHead,
} from '../../../../core/analysis/room/linearHead';

describe('#softmax', () => {
  it.each([
    [
      [0, 0],
      [0.5, 0.5],
    ],
    [
      [Math.log(3), 0],
      [0.75, 0.25],
    ],
    [
      [1000, 1000, 1000],
      [1 / 3, 1 / 3, 1 / 3],
    ],
  ])('%j -> %j', (logits, expected) => {
    softmax(logits).forEach((p, i) => expect(p).toBeCloseTo(expected[i], 10));
  });
});

describe('#standardize', () => {
  it('subtracts the mean and divides by the scale, per feature', () => {
    expect(standardize({ mean: [2, 5], scale: [1, 2] }, [3, 9])).toEqual([1, 2]);
  });
});

describe('#predictProbabilities', () => {
  const head: LinearHead = {
    mean: [0, 0],
    scale: [1, 1],
    weights: [
      [1, 0],
      [0, 1],
    ],
    bias: [0, 0],
  };

  it('adds the offsets to the logits as they are', () => {
    const [a, b] = predictProbabilities(head, [0, 0], [Math.log(3), 0]);
    expect(a).toBeCloseTo(0.75, 10);
    expect(b).toBeCloseTo(0.25, 10);
  });

  it('refuses a row of the wrong length', () => {
    expect(() => predictProbabilities(head, [1])).toThrow(/expects 2 features/);
  });
});
