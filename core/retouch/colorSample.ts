// A small, evenly spread sample of a photo's colours (about 33k pixels) on which the retouch's own steps measure
// what the learned table will do to the photo, without rendering it at full size.
import type { RgbaImage } from '../imaging/types';
import { sampleLut, type Lut3d } from './lut3d';

/** RGB in [0, 1], interleaved. */
export interface ColorSample {
  rgb: Float32Array;
  count: number;
}

export function sampleColors(image: RgbaImage, maxSamples = 32_768): ColorSample {
  const n = image.width * image.height;
  const step = Math.max(1, Math.floor(Math.sqrt(n / maxSamples)));
  const cols = Math.ceil(image.width / step);
  const rows = Math.ceil(image.height / step);
  const rgb = new Float32Array(cols * rows * 3);
  let k = 0;
  for (let y = Math.floor(step / 2); y < image.height; y += step) {
    for (let x = Math.floor(step / 2); x < image.width; x += step) {
      const i = (y * image.width + x) * 4;
      rgb[k++] = image.data[i] / 255;
      rgb[k++] = image.data[i + 1] / 255;
      rgb[k++] = image.data[i + 2] / 255;
    }
  }
  return { rgb: rgb.subarray(0, k), count: k / 3 };
}

/** The sample's colours after the table (clamped to [0, 1], as the 8-bit output will be). */
export function throughLut(sample: ColorSample, lut: Lut3d): ColorSample {
  const rgb = new Float32Array(sample.rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    const out = sampleLut(lut, sample.rgb[i], sample.rgb[i + 1], sample.rgb[i + 2]);
    for (let c = 0; c < 3; c++) rgb[i + c] = Math.min(1, Math.max(0, out[c]));
  }
  return { rgb, count: sample.count };
}
