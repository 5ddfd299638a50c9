// Lamps the detector takes for dishes: a pendant's glass shade scores as a bottle, a cup or a bowl. It is a
// fixture, not clutter, and what gives it away is its cord: a thin line running straight up from the top of the
// box. Standing things have none (a wall edge or a cupboard's side above a bottle is a step, not a thin line).
import type { Detection } from '../analysis/room/types';
import type { RgbaImage } from '../imaging/types';

/** The labels a lamp's shade is mistaken for. */
const SHADE_LABELS: readonly string[] = ['bottle', 'wine glass', 'cup', 'bowl'];
/**
 * A pendant hangs over a table or a counter: its shade ends above the middle of the frame. Lower down, thin
 * lines above an object are a window bar, a picture frame or tile joints behind it.
 */
const SHADE_BOTTOM = 0.5;
/** The stretch above the box the cord is looked for in: this many box heights, at least MIN_CORD_PIXELS. */
const CORD_HEIGHTS = 1;
const MIN_CORD_PIXELS = 12;
/** Least brightness difference (0..255) between a thin line and the pixels two to each side of it. */
const CORD_CONTRAST = 12;
/** Share of those rows in which the line must be found: it may cross a background of its own brightness. */
const CORD_ROWS = 0.9;

/** True when `detection` (box in fractions) is a shade hanging from a cord: keep it. */
export function hangsFromCord(image: RgbaImage, detection: Detection): boolean {
  const { box } = detection;
  if (!SHADE_LABELS.includes(detection.label) || box.y + box.height >= SHADE_BOTTOM) return false;
  const { width, height, data } = image;
  const top = Math.round(box.y * height);
  const needed = Math.max(MIN_CORD_PIXELS, Math.round(CORD_HEIGHTS * box.height * height));
  if (top < needed) return false;
  const centre = Math.round((box.x + box.width / 2) * width);
  const reach = Math.max(3, Math.round(0.2 * box.width * width));
  const luma = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  /** How much pixel x of row y stands out of its row as a thin line (darker or brighter than both sides). */
  const thinLine = (x: number, y: number) => {
    const l = luma(x - 2, y);
    const c = luma(x, y);
    const r = luma(x + 2, y);
    return Math.max(Math.min(l - c, r - c), Math.min(c - l, c - r));
  };
  // A cord hangs plumb: one column (give or take a pixel: a slight tilt of the camera) holds the line in
  // nearly every row of the stretch above the box.
  for (let x = Math.max(3, centre - reach); x <= Math.min(width - 4, centre + reach); x++) {
    let rows = 0;
    for (let y = top - needed; y < top; y++) {
      if (Math.max(thinLine(x - 1, y), thinLine(x, y), thinLine(x + 1, y)) >= CORD_CONTRAST) rows++;
    }
    if (rows >= CORD_ROWS * needed) return true;
  }
  return false;
}
