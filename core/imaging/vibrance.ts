// Vibrance limited to foliage and sky ('Garten verschönern'): lawns, plants and sky get more vivid while facades,
// skin and wood keep their colour. Used by the server's builtin provider; pure, returns a new frame.
import { LUMA_B, LUMA_G, LUMA_R } from './color';
import type { RgbaImage } from './types';

export interface VibranceOptions {
  /** Extra saturation for a fully unsaturated foliage or sky pixel; saturated pixels get less (vibrance). */
  amount: number;
}
export const defaultVibranceOptions: VibranceOptions = { amount: 0.45 };

/**
 * A pixel counts as foliage when green leads, as sky when blue leads; how much it leads sets the weight, so the
 * boost fades out at the edges of those hues instead of making a seam. Luminance is kept.
 */
export function vibranceGreensAndSky(
  image: RgbaImage,
  options: VibranceOptions = defaultVibranceOptions,
): RgbaImage {
  const { data } = image;
  const out = new Uint8ClampedArray(data);
  for (let i = 0; i < out.length; i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const max = Math.max(r, g, b);
    const chroma = max - Math.min(r, g, b);
    if (chroma < 6) continue;
    let lead = 0;
    if (g === max) lead = (g - Math.max(r, b)) / chroma;
    else if (b === max) lead = (b - Math.max(r, g)) / chroma;
    if (lead <= 0) continue;
    const boost = 1 + options.amount * lead * (1 - chroma / 255);
    const y = LUMA_R * r + LUMA_G * g + LUMA_B * b;
    out[i] = y + (r - y) * boost;
    out[i + 1] = y + (g - y) * boost;
    out[i + 2] = y + (b - y) * boost;
  }
  return { ...image, data: out };
}
