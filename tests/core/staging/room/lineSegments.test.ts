// The line segment detector: exact sides of a drawn shape, nothing from flat or noisy images, and fast enough
// on a full-size room photo for the camera fit to run on every upload.
import { describe, expect, it } from 'vitest';
import { focalForFov } from '../../../../core/staging/room/camera';
import { detectLineSegments, type GrayImage } from '../../../../core/staging/room/lineSegments';
import type { LineSegment } from '../../../../core/staging/room/types';
import { renderSyntheticRoom } from '../../../helpers/syntheticRoom';

/** A dark square turned by `turnDeg` on a light background, pixels inside by their centres. */
function turnedSquare(width: number, height: number, turnDeg: number, half: number): GrayImage {
  const data = new Uint8ClampedArray(width * height);
  const c = Math.cos((turnDeg * Math.PI) / 180);
  const s = Math.sin((turnDeg * Math.PI) / 180);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - width / 2;
      const dy = y + 0.5 - height / 2;
      const inside = Math.abs(c * dx + s * dy) <= half && Math.abs(-s * dx + c * dy) <= half;
      data[y * width + x] = inside ? 60 : 190;
    }
  }
  return { width, height, data };
}

function corners(width: number, height: number, turnDeg: number, half: number): [number, number][] {
  const c = Math.cos((turnDeg * Math.PI) / 180);
  const s = Math.sin((turnDeg * Math.PI) / 180);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([a, b]) => [width / 2 + half * (c * a! - s * b!), height / 2 + half * (s * a! + c * b!)]);
}

/** Distance of point (x, y) from the infinite line through a and b. */
function distanceToLine(x: number, y: number, a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  return Math.abs((x - a[0]) * dy - (y - a[1]) * dx) / Math.hypot(dx, dy);
}

const length = (s: LineSegment) => Math.hypot(s.x2 - s.x1, s.y2 - s.y1);

describe('detectLineSegments', () => {
  it("finds each side of a turned square along the side's true line", () => {
    const [w, h, turn, half] = [400, 300, 17, 90];
    const segments = detectLineSegments(turnedSquare(w, h, turn, half));
    const cs = corners(w, h, turn, half);
    for (let k = 0; k < 4; k++) {
      const a = cs[k]!;
      const b = cs[(k + 1) % 4]!;
      const match = segments.find(
        (s) => distanceToLine(s.x1, s.y1, a, b) < 1 && distanceToLine(s.x2, s.y2, a, b) < 1,
      );
      expect(match, `side ${k}`).toBeDefined();
      // The side is 180 px; the corners round it off by a few pixels only.
      expect(length(match!)).toBeGreaterThan(160);
      expect(length(match!)).toBeLessThan(185);
    }
    // Nothing but the four sides.
    expect(segments).toHaveLength(4);
  });

  it('drops edges shorter than the minimum length', () => {
    const image = turnedSquare(400, 300, 0, 10);
    expect(detectLineSegments(image, { minLengthFraction: 0.025 })).toHaveLength(4);
    expect(detectLineSegments(image, { minLengthFraction: 0.05 })).toHaveLength(0);
  });

  it('finds nothing in flat grey, noise or tiny images', () => {
    expect(detectLineSegments({ width: 200, height: 100, data: new Uint8Array(20000).fill(128) })).toEqual(
      [],
    );
    let seed = 7;
    const noise = new Uint8Array(300 * 200).map(() => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return 118 + ((seed >>> 16) % 20);
    });
    expect(detectLineSegments({ width: 300, height: 200, data: noise })).toEqual([]);
    expect(detectLineSegments({ width: 2, height: 2, data: new Float32Array(4) })).toEqual([]);
    expect(detectLineSegments({ width: 10, height: 10, data: new Uint8Array(3) })).toEqual([]);
  });

  it('finds the room lines of a 1024x768 synthetic room', () => {
    const room = renderSyntheticRoom({
      width: 1024,
      height: 768,
      focalPx: focalForFov(1024, 73),
      pitchDeg: 6,
      rollDeg: 1,
      yawDeg: 30,
      heightM: 1.4,
      focalSource: 'default',
    });
    // Speed is measured by `npm run bench`, never asserted here: the machines are shared and noisy.
    expect(detectLineSegments(room).length).toBeGreaterThan(25);
  }, 30_000);
});
