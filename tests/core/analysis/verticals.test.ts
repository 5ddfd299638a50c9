import { describe, expect, it } from 'vitest';
import {
  detectVerticals,
  estimateTilt,
  measureTilt,
  type VerticalLine,
} from '../../../core/analysis/verticals';
import { blankImage, drawBar } from '../imaging/scenes';

/** A segment from (x0, y0) to (x1, y1) as the detector would report it. */
function segment(x0: number, y0: number, x1: number, y1: number): VerticalLine {
  return {
    x0,
    y0,
    x1,
    y1,
    length: Math.hypot(x1 - x0, y1 - y0),
    angle: (Math.atan2(x1 - x0, y1 - y0) * 180) / Math.PI,
  };
}

/** Segments (rows 20..380 of a 600x400 frame) through the vanishing point (vx, vy), at the given x positions. */
function throughPoint(vx: number, vy: number, xs: number[]): VerticalLine[] {
  return xs.map((x) => {
    // Line through (x, 200) and (vx, vy): x(y) = x + (vx - x) * (y - 200) / (vy - 200)
    const at = (y: number) => x + ((vx - x) * (y - 200)) / (vy - 200);
    return segment(at(20), 20, at(380), 380);
  });
}

describe('#estimateTilt', () => {
  const cx = 299.5;
  const cy = 199.5;
  it.each([
    // [vanishing point, expected roll (slope at centre column), expected convergence]
    ['far below the centre (camera tilted down)', cx, cy + 3000, 0, -1 / 3000],
    ['far above the centre (camera tilted up)', cx, cy - 2500, 0, 1 / 2500],
    ['above and to the right (tilt plus roll)', cx + 150, cy - 3000, -0.05, 1 / 3000],
  ])('recovers the vanishing point %s', (_name, vx, vy, roll, convergence) => {
    const t = estimateTilt(throughPoint(vx, vy, [40, 120, 220, 300, 380, 470, 560]), 600, 400);
    expect(t.roll).toBeCloseTo(roll, 4);
    expect(t.convergence).toBeCloseTo(convergence, 7);
    expect(t.lines).toBe(7);
    expect(t.sufficient).toBe(true);
  });

  it('treats parallel leaning lines as pure roll', () => {
    const lean = Math.tan((2 * Math.PI) / 180);
    const lines = [50, 200, 350, 500].map((x) => segment(x, 20, x + 360 * lean, 380));
    const t = estimateTilt(lines, 600, 400);
    expect(t.roll).toBeCloseTo(lean, 6);
    expect(t.convergence).toBeCloseTo(0, 9);
    expect(t.maxTiltDeg).toBeCloseTo(2, 4);
    expect(t.meanTiltDeg).toBeCloseTo(2, 4);
  });

  it('drops a diagonal that does not fit the other lines', () => {
    const lines = [...throughPoint(cx, cy + 3000, [40, 160, 300, 440, 560]), segment(100, 50, 200, 350)];
    const t = estimateTilt(lines, 600, 400);
    expect(t.lines).toBe(5);
    expect(t.convergence).toBeCloseTo(-1 / 3000, 7);
  });

  it('is not sufficient with too few or too short lines', () => {
    expect(estimateTilt([], 600, 400).sufficient).toBe(false);
    expect(estimateTilt(throughPoint(cx, cy + 3000, [100, 400]), 600, 400).sufficient).toBe(false);
    const short = [100, 250, 400, 550].map((x) => segment(x, 190, x, 240));
    expect(estimateTilt(short, 600, 400).sufficient).toBe(false);
  });
});

describe('#detectVerticals', () => {
  it.each([0, 1.5, -3, 8])('finds bars leaning %f degrees to within 0.15 degrees', (deg) => {
    const image = blankImage(500, 400);
    const t = Math.tan((deg * Math.PI) / 180);
    for (const x of [100, 250, 400]) drawBar(image, x, 40, x + 320 * t, 360, 4);
    const lines = detectVerticals(image);
    // Each bar has two edges (dark-to-light and light-to-dark).
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(Math.abs(line.angle - deg)).toBeLessThan(0.15);
      expect(line.length).toBeGreaterThan(280);
    }
  });

  it('ignores horizontal lines and lines beyond the angle limit', () => {
    const image = blankImage(500, 400);
    drawBar(image, 50, 200, 450, 200, 4);
    drawBar(image, 100, 40, 250, 360, 4); // about 25 degrees from vertical
    expect(detectVerticals(image)).toEqual([]);
  });

  it('finds nothing in a flat or tiny image', () => {
    expect(detectVerticals(blankImage(300, 200))).toEqual([]);
    expect(detectVerticals(blankImage(8, 8))).toEqual([]);
  });

  it('reports full-resolution coordinates when it works on a downscaled copy', () => {
    const image = blankImage(2400, 1600);
    drawBar(image, 1200, 200, 1200, 1400, 8);
    const lines = detectVerticals(image, { analysisSize: 600 });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(Math.abs((line.x0 + line.x1) / 2 - 1200)).toBeLessThan(8);
      expect(line.y0).toBeLessThan(260);
      expect(line.y1).toBeGreaterThan(1340);
    }
  });
});

describe('#measureTilt', () => {
  it('measures a straight bar scene as straight', () => {
    const image = blankImage(600, 400);
    for (const x of [60, 180, 300, 420, 540]) drawBar(image, x, 30, x, 370, 4);
    const t = measureTilt(image);
    expect(t.sufficient).toBe(true);
    expect(t.maxTiltDeg).toBeLessThan(0.1);
  });
});
