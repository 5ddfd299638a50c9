// The learned retouch as one object: parsed weights in, per photo the classifier's blend of the three basis
// LUTs, optionally weakened toward the identity ('Stärke'), applied at full resolution. Pure (no I/O): the
// caller loads the two weight files and hands their bytes to createRetoucher.
import type { RgbaImage } from '../imaging/types';
import { cloneImage } from '../imaging/types';
import { classify, type RgbSource } from './classifier';
import { applyLut3d, blendLuts, withStrength, type Lut3d } from './lut3d';
import { parseRetouchWeights, type RetouchWeights } from './weights';

export interface Retoucher {
  readonly weights: RetouchWeights;
  /** The classifier's three blend weights for a photo. */
  blendWeights(image: RgbaImage | RgbSource): [number, number, number];
  /** The photo's learned table, blended with the identity by strength (0..1, default 1). */
  lutFor(image: RgbaImage | RgbSource, strength?: number): Lut3d;
  /** The learned retouch of an 8-bit photo: a new image (an exact copy at strength 0). */
  retouch(image: RgbaImage, strength?: number): RgbaImage;
}

export function createRetoucher(weights: RetouchWeights): Retoucher {
  const blendWeights = (image: RgbaImage | RgbSource) => classify(weights, image);
  const lutFor = (image: RgbaImage | RgbSource, strength = 1): Lut3d => {
    const lut = blendLuts(weights.luts, blendWeights(image));
    return strength >= 1 ? lut : withStrength(lut, strength);
  };
  return {
    weights,
    blendWeights,
    lutFor,
    retouch: (image, strength = 1) =>
      strength <= 0 ? cloneImage(image) : applyLut3d(image, lutFor(image, strength)),
  };
}

/** The retoucher straight from the bytes of classifier.bin and luts.bin. */
export function retoucherFromFiles(classifier: ArrayBuffer, luts: ArrayBuffer): Retoucher {
  return createRetoucher(parseRetouchWeights(classifier, luts));
}
