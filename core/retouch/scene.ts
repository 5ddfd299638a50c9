// What kind of photo 'Automatisch optimieren' is looking at, from the photo alone: how much open sky it shows (an
// exterior), whether that sky is a deep dusk blue (a twilight shot), and how it was exposed. The pipeline's own
// steps (lift, neutral white) are meant for dim interiors under lamp light; a blue sky or a deliberate dusk is
// not a fault to fix. Measured on a small grid of block means, so it costs nothing next to the retouch.
import { linearToSrgb } from '../imaging/color';
import type { RgbaImage } from '../imaging/types';
import { labToLinear, srgbToLab } from './lab';
import { identityLut, type Lut3d } from './lut3d';

/** Columns of the grid the scene is judged on. */
const GRID_COLUMNS = 96;
/** Sky is looked for in the upper part of the photo only, grown from cells in its top tenth. */
const SKY_ZONE = 0.65;
const SEED_ZONE = 0.1;
/** A cell is sky-coloured when it is this blue (b* below)... */
const SKY_MAX_B = -8;
/** ...and not black (a twilight sky is dark, but not this dark)... */
const SKY_MIN_L = 8;
/** ...and smooth: its L* differs from its neighbours' by less than this. */
const SKY_SMOOTH_L = 5;
/** The share of the photo that must be open sky for an exterior... */
const EXTERIOR_SKY_SHARE = 0.05;
/** ...and for daylight from outside (a street between high-rises shows little sky, a room with a window none). */
const OPEN_SKY_SHARE = 0.015;
/** A sky this dark and this blue is dusk: the photographer's twilight look. */
const DUSK_SKY_MAX_L = 55;
const DUSK_SKY_MAX_B = -18;

export interface PhotoScene {
  /** Share of the photo that is open sky touching the top edge. */
  skyShare: number;
  /** Mean L* and b* of that sky (0 without sky). */
  skyL: number;
  skyB: number;
  /** Enough open sky to be an exterior. */
  exterior: boolean;
  /** Some open sky: a photo outdoors, in daylight, not a room under lamps. */
  openSky: boolean;
  /** An exterior with a deep blue, dark sky: twilight. */
  dusk: boolean;
}

interface Grid {
  cols: number;
  rows: number;
  lab: Float32Array;
}

/** Block means of the photo in Lab, about GRID_COLUMNS wide. */
function labGrid(image: RgbaImage): Grid {
  const cell = Math.max(1, Math.floor(image.width / GRID_COLUMNS));
  const cols = Math.max(1, Math.floor(image.width / cell));
  const rows = Math.max(1, Math.floor(image.height / cell));
  const lab = new Float32Array(cols * rows * 3);
  // Every second pixel of every second row of a cell is enough for its mean.
  const step = cell >= 4 ? 2 : 1;
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < cols; gx++) {
      let [r, g, b, n] = [0, 0, 0, 0];
      for (let y = gy * cell; y < (gy + 1) * cell; y += step) {
        for (let x = gx * cell; x < (gx + 1) * cell; x += step) {
          const i = (y * image.width + x) * 4;
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
          n++;
        }
      }
      const [L, A, B] = srgbToLab(r / n / 255, g / n / 255, b / n / 255);
      const k = (gy * cols + gx) * 3;
      lab[k] = L;
      lab[k + 1] = A;
      lab[k + 2] = B;
    }
  }
  return { cols, rows, lab };
}

function skyColoured(grid: Grid, gx: number, gy: number): boolean {
  const { cols, rows, lab } = grid;
  const k = (gy * cols + gx) * 3;
  if (!(lab[k + 2]! < SKY_MAX_B && skyHueWeight(lab[k + 1]!, lab[k + 2]!) > 0.5 && lab[k]! > SKY_MIN_L))
    return false;
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const x = gx + dx;
    const y = gy + dy;
    if (x < 0 || y < 0 || x >= cols || y >= rows) continue;
    if (Math.abs(lab[(y * cols + x) * 3]! - lab[k]!) >= SKY_SMOOTH_L) return false;
  }
  return true;
}

/**
 * How much a hue is a sky's: 1 from cyan-blue to the deep blue of dusk (hue angle 200-300 degrees in a*b*),
 * fading to 0 at 180 (green-cyan) and 320 (purple).
 */
function skyHueWeight(a: number, b: number): number {
  const hue = (Math.atan2(b, a) * 180) / Math.PI + 360;
  const h = hue >= 360 ? hue - 360 : hue;
  if (h < 180 || h > 320) return 0;
  return Math.min(1, (h - 180) / 20, (320 - h) / 20);
}

/** The photo's scene: open sky grown from the top edge through smooth, sky-blue cells. */
export function sceneOf(image: RgbaImage): PhotoScene {
  const grid = labGrid(image);
  const { cols, rows, lab } = grid;
  const zone = Math.max(1, Math.floor(rows * SKY_ZONE));
  const sky = new Uint8Array(cols * rows);
  const stack: number[] = [];
  // Seeds along the top tenth: a cloud or a watermark may cover the very top row.
  const seedRows = Math.max(1, Math.floor(rows * SEED_ZONE));
  for (let i = 0; i < seedRows * cols; i++) {
    if (skyColoured(grid, i % cols, Math.floor(i / cols))) {
      sky[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % cols;
    const y = (i - x) / cols;
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= cols || ny >= zone) continue;
      const j = ny * cols + nx;
      if (sky[j] || !skyColoured(grid, nx, ny)) continue;
      sky[j] = 1;
      stack.push(j);
    }
  }
  let count = 0;
  let sumL = 0;
  let sumB = 0;
  for (let i = 0; i < sky.length; i++) {
    if (!sky[i]) continue;
    count++;
    sumL += lab[i * 3]!;
    sumB += lab[i * 3 + 2]!;
  }
  const skyShare = count / (cols * rows);
  const skyL = count ? sumL / count : 0;
  const skyB = count ? sumB / count : 0;
  const exterior = skyShare >= EXTERIOR_SKY_SHARE;
  return {
    skyShare,
    skyL,
    skyB,
    exterior,
    openSky: skyShare >= OPEN_SKY_SHARE,
    dusk: exterior && skyL < DUSK_SKY_MAX_L && skyB < DUSK_SKY_MAX_B,
  };
}

/** How much of a sky's chroma the table keeps at least. */
const KEPT_SKY_CHROMA = 0.92;

/** Weight of a colour as sky blue: 0 from b* -1 up (a pale sky too), 1 from b* -6 down, times its hue's. */
function skyBlueWeight(a: number, b: number): number {
  return Math.min(1, Math.max(0, (-1 - b) / 5)) * skyHueWeight(a, b);
}

/**
 * The table with the blue of an open sky kept (any photo with open sky, not only an exterior: a pale sky half
 * hidden by a tree is still the sky): for blue input colours, the learned retouch's lightness and hue with at
 * least KEPT_SKY_CHROMA of the input's chroma. The model learned from photos whose skies an expert often muted; a
 * listing's blue sky (or a dusk's deep blue) is what sells the house. A function of colour alone, folded into the
 * table.
 */
export function keepSkyBlue(lut: Lut3d): Lut3d {
  const identity = identityLut();
  const data = new Float32Array(lut.data);
  for (let n = 0; n < data.length; n += 3) {
    const [, A, B] = srgbToLab(identity.data[n]!, identity.data[n + 1]!, identity.data[n + 2]!);
    const w = skyBlueWeight(A, B);
    if (w === 0) continue;
    const r = Math.min(1, Math.max(0, lut.data[n]!));
    const g = Math.min(1, Math.max(0, lut.data[n + 1]!));
    const b = Math.min(1, Math.max(0, lut.data[n + 2]!));
    const [L2, A2, B2] = srgbToLab(r, g, b);
    // The model's lightness and hue; its chroma raised back to nearly the input's where it muted more.
    const C = Math.hypot(A, B);
    const C2 = Math.hypot(A2, B2);
    const target = Math.max(C2, KEPT_SKY_CHROMA * C);
    if (target <= C2) continue;
    const chroma = C2 + (target - C2) * w;
    const [ua, ub] = C2 > 1e-3 ? [A2 / C2, B2 / C2] : [A / C, B / C];
    const [lr, lg, lb] = labToLinear(L2, ua * chroma, ub * chroma);
    data[n] = linearToSrgb(Math.max(0, lr));
    data[n + 1] = linearToSrgb(Math.max(0, lg));
    data[n + 2] = linearToSrgb(Math.max(0, lb));
  }
  return { data };
}
