import { describe, it, expect } from 'vitest';
import { cocoIndex } from '../../../../core/analysis/room/cocoLabels';
import {
  DETECTOR_INPUT_SIZE,
  MIN_DETECTION_SCORE,
  toDetections,
} from '../../../../core/analysis/room/detections';

const S = DETECTOR_INPUT_SIZE;
const rows = (...r: number[][]) => Float32Array.from(r.flat());

describe('#toDetections', () => {
  it('turns input pixels into image fractions, clamped to the frame', () => {
    const [bed] = toDetections(rows([S / 4, S / 2, S * 1.5, S, 0.9, cocoIndex('bed')]));
    expect(bed.label).toBe('bed');
    expect(bed.score).toBeCloseTo(0.9, 6);
    expect(bed.box).toEqual({ x: 0.25, y: 0.5, width: 0.75, height: 0.5 });
  });

  it.each([
    ['a score below the floor', [0, 0, S, S, MIN_DETECTION_SCORE / 2, cocoIndex('tv')]],
    ['a class index that is no integer', [0, 0, S, S, 0.9, 3.5]],
    ['a class index beyond COCO', [0, 0, S, S, 0.9, 80]],
    ['a NaN score', [0, 0, S, S, NaN, cocoIndex('tv')]],
  ])('drops %s', (_name, row) => {
    expect(toDetections(rows(row))).toEqual([]);
  });

  it('keeps the best of overlapping boxes of one class, and boxes of other classes', () => {
    const found = toDetections(
      rows(
        [0, 0, S / 2, S / 2, 0.5, cocoIndex('couch')],
        [0, 0, S / 2, S / 2 + 4, 0.8, cocoIndex('couch')],
        [0, 0, S / 2, S / 2, 0.4, cocoIndex('bed')],
      ),
    );
    expect(found.map((d) => [d.label, Math.round(d.score * 10) / 10])).toEqual([
      ['couch', 0.8],
      ['bed', 0.4],
    ]);
  });
});
