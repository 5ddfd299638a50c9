// Colour-cast estimate: how far the photo's neutral greys are from grey, as linear channel gains that would
// neutralise them. Two classic estimates are blended: grey-world (the average midtone should be grey) and
// white-patch (the brightest unclipped surfaces should be white). Grey-world is taken over weakly coloured
// pixels only: a green lawn, a blue sky or a terracotta wall is not a cast, but the white trim, the ceiling
// and the walls' greys are where a cast shows. Rooms under warm lamps are supposed to look a little warm, so
// callers apply only part of the correction (see pipeline.ts).
import { SRGB_TO_LINEAR } from '../imaging/color';
import { assertImage } from '../imaging/types';
import type { RgbaImage } from '../imaging/types';
import { lumaCode } from './histogram';

export interface ColorCast {
  /** Linear gains (R, G, B) that neutralise the cast, normalised to keep grey's luminance. */
  gains: [number, number, number];
  /** Size of the cast: the largest |log2 gain| of the three channels (0 = neutral, 0.1 is clearly visible). */
  strength: number;
  /** Pixels the estimate is based on (a tiny count means an unreliable estimate). */
  samples: number;
}

export interface ColorCastOptions {
  /** Weight of the white-patch estimate (0..1); the rest is grey-world. */
  whitePatchWeight: number;
  /** Grey-world ignores pixels more saturated than this ((max - min) / max of the 8-bit values). */
  maxSaturation: number;
  maxSamples: number;
}

export const defaultColorCastOptions: ColorCastOptions = {
  whitePatchWeight: 0.5,
  maxSaturation: 0.4,
  maxSamples: 250_000,
};

const normalise = (g: [number, number, number]): [number, number, number] => {
  const y = 0.2126 * g[0] + 0.7152 * g[1] + 0.0722 * g[2];
  return [g[0] / y, g[1] / y, g[2] / y];
};

/** Calls `visit` with the sRGB codes of every `step`-th pixel of every `step`-th row. */
function forEachSample(
  { width, height, data }: RgbaImage,
  step: number,
  visit: (r: number, g: number, b: number) => void,
): void {
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 4;
      visit(data[i], data[i + 1], data[i + 2]);
    }
  }
}

export function colorCast(image: RgbaImage, options: Partial<ColorCastOptions> = {}): ColorCast {
  assertImage(image);
  const o = { ...defaultColorCastOptions, ...options };
  const { width, height } = image;
  const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / o.maxSamples)));
  // Grey-world over midtones (not crushed, not clipped), and a luma histogram to find the bright patch.
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  const lumaHist = new Uint32Array(256);
  forEachSample(image, step, (r, g, b) => {
    const l = lumaCode(r, g, b);
    lumaHist[l]++;
    if (l < 12 || r === 255 || g === 255 || b === 255) return;
    const hi = Math.max(r, g, b);
    if (hi - Math.min(r, g, b) > o.maxSaturation * hi) return;
    sr += SRGB_TO_LINEAR[r];
    sg += SRGB_TO_LINEAR[g];
    sb += SRGB_TO_LINEAR[b];
    n++;
  });
  if (n === 0 || sr === 0 || sg === 0 || sb === 0) return { gains: [1, 1, 1], strength: 0, samples: n };
  const grey = normalise([1 / sr, 1 / sg, 1 / sb]);
  // White patch: the brightest 3 % of pixels that are not clipped in any channel.
  let total = 0;
  for (let l = 0; l < 256; l++) total += lumaHist[l];
  let cut = 255;
  for (let seen = 0; cut > 0; cut--) {
    seen += lumaHist[cut];
    if (seen >= total * 0.03) break;
  }
  let wr = 0;
  let wg = 0;
  let wb = 0;
  let wn = 0;
  forEachSample(image, step, (r, g, b) => {
    if (r === 255 || g === 255 || b === 255 || lumaCode(r, g, b) < cut) return;
    wr += SRGB_TO_LINEAR[r];
    wg += SRGB_TO_LINEAR[g];
    wb += SRGB_TO_LINEAR[b];
    wn++;
  });
  let gains = grey;
  if (wn > 0 && wr > 0 && wg > 0 && wb > 0) {
    const white = normalise([1 / wr, 1 / wg, 1 / wb]);
    const w = o.whitePatchWeight;
    // Blend in the log domain so the blend of two neutral estimates stays neutral.
    gains = normalise([
      Math.exp((1 - w) * Math.log(grey[0]) + w * Math.log(white[0])),
      Math.exp((1 - w) * Math.log(grey[1]) + w * Math.log(white[1])),
      Math.exp((1 - w) * Math.log(grey[2]) + w * Math.log(white[2])),
    ]);
  }
  const strength = Math.max(...gains.map((g) => Math.abs(Math.log2(g))));
  return { gains, strength, samples: n };
}
