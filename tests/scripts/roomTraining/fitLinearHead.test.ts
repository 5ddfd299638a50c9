import { describe, it, expect } from 'vitest';
import { predictProbabilities, standardize } from '../../../core/analysis/room/linearHead';
import { fitLinearHead, fitStandardizer } from '../../../scripts/room-training/fitLinearHead';

describe('#fitStandardizer', () => {
  it('centres and scales each feature; a constant feature keeps scale 1', () => {
    const s = fitStandardizer([
      [1, 5],
      [3, 5],
    ]);
    expect(s).toEqual({ mean: [2, 5], scale: [1, 1] });
    expect(standardize(s, [3, 5])).toEqual([1, 0]);
  });
});

describe('#fitLinearHead', () => {
  // Three classes along one axis; a second feature is noise-free but useless.
  const rows = [
    [-2, 1], [-1.5, 0], [-1, 1], [0, 0], [0.2, 1], [-0.2, 0], [1, 1], [1.5, 0], [2, 1],
  ]; // prettier-ignore
  const labels = [0, 0, 0, 1, 1, 1, 2, 2, 2];

  it('learns to separate the classes it was given', () => {
    const head = fitLinearHead(rows, labels, 3, { l2: 0.01, iterations: 500, learningRate: 0.5 });
    const predicted = rows.map((r) => {
      const p = predictProbabilities(head, r);
      return p.indexOf(Math.max(...p));
    });
    expect(predicted).toEqual(labels);
  });

  it('gives the same weights for the same data (deterministic)', () => {
    const a = fitLinearHead(rows, labels, 3);
    const b = fitLinearHead(rows, labels, 3);
    expect(a).toEqual(b);
  });

  it('trusts the evidence less under a stronger L2 penalty', () => {
    const loose = predictProbabilities(
      fitLinearHead(rows, labels, 3, { l2: 0.001, iterations: 400, learningRate: 0.5 }),
      [2, 1],
    );
    const tight = predictProbabilities(
      fitLinearHead(rows, labels, 3, { l2: 1, iterations: 400, learningRate: 0.5 }),
      [2, 1],
    );
    expect(loose[2]).toBeGreaterThan(tight[2]);
  });

  it('learns only the correction on top of fixed offsets', () => {
    // The offsets already say everything, so the weights stay near zero and predictions follow the offsets.
    const offsets = labels.map((l) => [0, 1, 2].map((c) => (c === l ? 6 : 0)));
    const head = fitLinearHead(rows, labels, 3, { l2: 0.1, iterations: 300, learningRate: 0.5 }, offsets);
    const largest = Math.max(...head.weights.flat().map(Math.abs));
    expect(largest).toBeLessThan(0.2);
    expect(predictProbabilities(head, [0, 0], [0, 0, 6])[2]).toBeGreaterThan(0.9);
  });

  it('refuses unlabelled data', () => {
    expect(() => fitLinearHead([], [], 2)).toThrow();
  });
});
