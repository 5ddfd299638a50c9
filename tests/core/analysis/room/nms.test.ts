import { describe, it, expect } from 'vitest';
import { iou, nonMaxSuppression } from '../../../../core/analysis/room/nms';
import { det } from './helpers';

describe('#iou', () => {
  it.each([
    ['same box', { x: 0, y: 0, width: 1, height: 1 }, { x: 0, y: 0, width: 1, height: 1 }, 1],
    ['disjoint', { x: 0, y: 0, width: 0.2, height: 0.2 }, { x: 0.5, y: 0.5, width: 0.2, height: 0.2 }, 0],
    ['touching edges', { x: 0, y: 0, width: 0.5, height: 1 }, { x: 0.5, y: 0, width: 0.5, height: 1 }, 0],
    [
      'half overlap',
      { x: 0, y: 0, width: 0.4, height: 0.4 },
      { x: 0.2, y: 0, width: 0.4, height: 0.4 },
      1 / 3,
    ],
    ['zero area', { x: 0, y: 0, width: 0, height: 0 }, { x: 0, y: 0, width: 0, height: 0 }, 0],
  ])('%s', (_name, a, b, expected) => {
    expect(iou(a, b)).toBeCloseTo(expected, 10);
  });
});

describe('#nonMaxSuppression', () => {
  const a = { x: 0, y: 0, width: 0.4, height: 0.4 };
  const nearA = { x: 0.02, y: 0.02, width: 0.4, height: 0.4 };
  const far = { x: 0.6, y: 0.6, width: 0.3, height: 0.3 };

  it('keeps the best of overlapping boxes of one class, sorted by score', () => {
    const kept = nonMaxSuppression(
      [det('chair', 0.4, nearA), det('chair', 0.7, a), det('chair', 0.5, far)],
      0.5,
    );
    expect(kept.map((d) => d.score)).toEqual([0.7, 0.5]);
  });

  it('keeps overlapping boxes of different classes (pillows on a bed)', () => {
    const kept = nonMaxSuppression([det('bed', 0.8, a), det('couch', 0.6, nearA)], 0.5);
    expect(kept.map((d) => d.label)).toEqual(['bed', 'couch']);
  });

  it('keeps boxes that overlap less than the limit', () => {
    expect(nonMaxSuppression([det('tv', 0.9, a), det('tv', 0.8, nearA)], 0.9)).toHaveLength(2);
  });
});
