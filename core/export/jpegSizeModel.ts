// How large a JPEG gets at each quality, predicted from one measured encode: an empirical curve of file size
// against quality, anchored at the measured file. The portal export picks its quality with it
// (portalPresets.ts highestFittingQuality) instead of binary-searching with full encodes.

/**
 * File size relative to quality 0.95, the median over seven fixture photos at portal sizes (the 18 MP DSLR and
 * the 12 MP phone photo at 1920 x 1280, five listing rooms at their own size) as Chromium 156's encoder
 * (libjpeg-turbo, quality × 100) writes them. Photos differ around it: at 0.9 from 0.40 (the dark DSLR photo,
 * whose sensor noise only survives above 0.92) to 0.84 of the 0.95 file, so a prediction far from its anchor can
 * be off by half; the export aims below its budget and corrects once from a nearer anchor.
 */
const SIZE_CURVE: readonly (readonly [quality: number, relative: number])[] = [
  [0.3, 0.253],
  [0.4, 0.303],
  [0.5, 0.337],
  [0.55, 0.364],
  [0.6, 0.409],
  [0.65, 0.434],
  [0.7, 0.458],
  [0.75, 0.495],
  [0.8, 0.567],
  [0.85, 0.647],
  [0.9, 0.768],
  [0.92, 0.823],
  [0.95, 1],
  [0.98, 1.292],
];

/** A file encoded at `quality` and its size in bytes. */
export interface SizeAnchor {
  quality: number;
  bytes: number;
}

/** Log of the curve at `quality`: straight lines between its points, the end segments carried on beyond them. */
function logRelative(quality: number): number {
  let i = 0;
  while (i < SIZE_CURVE.length - 2 && quality > SIZE_CURVE[i + 1]![0]) i++;
  const [q0, r0] = SIZE_CURVE[i]!;
  const [q1, r1] = SIZE_CURVE[i + 1]!;
  return Math.log(r0) + ((quality - q0) / (q1 - q0)) * (Math.log(r1) - Math.log(r0));
}

/**
 * The predicted size (bytes) of the same picture at each quality. From one measured file: the curve through
 * it. From two files of the picture at different qualities: the curve's shape, steepened or flattened so it
 * passes through both (a photo whose file falls faster than the median's keeps falling faster).
 */
export function sizeModel(a: SizeAnchor, b?: SizeAnchor): (quality: number) => number {
  const la = logRelative(a.quality);
  let steepness = 1;
  if (b && b.quality !== a.quality && b.bytes > 0 && a.bytes > 0) {
    steepness = (Math.log(b.bytes) - Math.log(a.bytes)) / (logRelative(b.quality) - la);
    // Sizes that do not grow with quality (or barely) are no shape to follow: the median's then.
    if (!(steepness > 0.2)) steepness = 1;
  }
  return (quality) => a.bytes * Math.exp(steepness * (logRelative(quality) - la));
}

/**
 * The highest quality in [min, max] (in hundredths) whose predicted size is at most `maxBytes`; `min` when
 * none is.
 */
export function qualityForBytes(
  predict: (quality: number) => number,
  maxBytes: number,
  range: { min: number; max: number },
): number {
  // In hundredths: the browsers' encoders take quality × 100 as an integer.
  const lo = Math.round(range.min * 100);
  for (let k = Math.round(range.max * 100); k > lo; k--) {
    if (predict(k / 100) <= maxBytes) return k / 100;
  }
  return range.min;
}
