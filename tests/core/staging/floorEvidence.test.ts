// The floor estimate from the room detector's boxes: standing furniture moves the back floor line and becomes an
// obstacle; everything else, weak detections and an empty room keep the lower-third fallback.
import { describe, expect, it } from 'vitest';
import type { Detection } from '../../../core/analysis/room/types';
import { defaultFloor, floorFromDetections } from '../../../core/staging';

const det = (label: Detection['label'], score: number, y: number, height: number): Detection => ({
  label,
  score,
  box: { x: 0.1, y, width: 0.3, height },
});

describe('#floorFromDetections', () => {
  it.each([
    ['no detections', [], defaultFloor(1000, 600).backLineY, 0],
    ['a lamp-like object only', [det('tv', 0.9, 0.2, 0.2)], 400, 0],
    ['a weak couch', [det('couch', 0.2, 0.3, 0.2)], 400, 0],
    ['a couch ending at 55 %', [det('couch', 0.8, 0.35, 0.2)], 330, 1],
    ['a bed ending at 30 % (not above half)', [det('bed', 0.8, 0.1, 0.2)], 300, 1],
    ['a chair ending at 90 % (not below the fallback)', [det('chair', 0.8, 0.6, 0.3)], 400, 1],
  ] as const)('%s', (_name, detections, backLineY, obstacles) => {
    const floor = floorFromDetections(1000, 600, detections);
    expect(floor.backLineY).toBe(backLineY);
    expect(floor.obstacles?.length ?? 0).toBe(obstacles);
    expect(floor.horizonY).toBeLessThan(floor.backLineY);
  });

  it('turns boxes in fractions into pixels', () => {
    const floor = floorFromDetections(1000, 600, [det('couch', 0.8, 0.35, 0.2)]);
    expect(floor.obstacles?.[0]).toEqual({ x: 100, y: 210, width: 300, height: 120 });
  });
});
