// Synthetic test scenes for the geometry tests: anti-aliased dark bars on a light background, and an
// independent way to measure the bars' angles (dark-run centroids on two rows), so perspective tests do not
// grade the line detector with itself.
import type { RgbaImage } from '../../../core/imaging/types';

export function blankImage(width: number, height: number, value = 235): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = value;
    data[i + 1] = value;
    data[i + 2] = value;
    data[i + 3] = 255;
  }
  return { width, height, data };
}

/** Draw an anti-aliased bar of the given width from (x0, y0) to (x1, y1) in grey `value`, in place. */
export function drawBar(
  image: RgbaImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  barWidth: number,
  value = 30,
): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  const half = barWidth / 2;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1) - half - 1));
  const maxX = Math.min(image.width - 1, Math.ceil(Math.max(x0, x1) + half + 1));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1) - half - 1));
  const maxY = Math.min(image.height - 1, Math.ceil(Math.max(y0, y1) + half + 1));
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const t = ((x - x0) * dx + (y - y0) * dy) / (len * len);
      if (t < 0 || t > 1) continue;
      const dist = Math.abs((x - x0) * dy - (y - y0) * dx) / len;
      const cover = Math.min(1, Math.max(0, half + 0.5 - dist));
      if (cover <= 0) continue;
      const i = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) image.data[i + c] = image.data[i + c]! * (1 - cover) + value * cover;
    }
  }
}

/** A room-like test scene: `count` vertical bars between 8 % and 92 % of the height, two horizontal bars. */
export function barScene(width: number, height: number, count = 7): RgbaImage {
  const image = blankImage(width, height);
  for (let i = 0; i < count; i++) {
    const x = width * (0.1 + (0.8 * i) / (count - 1));
    drawBar(image, x, height * 0.08, x, height * 0.92, 4);
  }
  drawBar(image, width * 0.15, height * 0.3, width * 0.85, height * 0.3, 3, 90);
  drawBar(image, width * 0.15, height * 0.75, width * 0.85, height * 0.75, 3, 90);
  return image;
}

/** Darkness-weighted centres of the dark runs (luma below `threshold`) on one row. */
export function darkRunCentres(image: RgbaImage, y: number, threshold = 150): number[] {
  const centres: number[] = [];
  let sum = 0;
  let weight = 0;
  for (let x = 0; x < image.width; x++) {
    const i = (y * image.width + x) * 4;
    const l = 0.2126 * image.data[i]! + 0.7152 * image.data[i + 1]! + 0.0722 * image.data[i + 2]!;
    if (l < threshold) {
      const w = 255 - l;
      sum += w * x;
      weight += w;
    } else if (weight > 0) {
      centres.push(sum / weight);
      sum = 0;
      weight = 0;
    }
  }
  if (weight > 0) centres.push(sum / weight);
  return centres;
}

/**
 * Angles from vertical (degrees) of the vertical bars, measured between two rows (fractions of the height)
 * that lie between the horizontal bars. Null when the rows do not show the same number of bars.
 */
export function barAngles(image: RgbaImage, topRow = 0.4, bottomRow = 0.65): number[] | null {
  const yt = Math.round(image.height * topRow);
  const yb = Math.round(image.height * bottomRow);
  const top = darkRunCentres(image, yt);
  const bottom = darkRunCentres(image, yb);
  if (top.length !== bottom.length || top.length === 0) return null;
  return top.map((xt, i) => (Math.atan2(bottom[i]! - xt, yb - yt) * 180) / Math.PI);
}
