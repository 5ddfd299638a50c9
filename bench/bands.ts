// The kernels of the benchmark as bands: each runs on rows [from, to) of a frame in shared memory, so two
// threads (bench/bandWorker.ts) can share one photo as the engine's workers do. Point operations work in
// place (a row depends only on itself); sharpen reads two halo rows beyond its band and the warp reads
// anywhere in the source, so both write to a second shared frame.
import { applyCurvesAndSaturation, colorGradeCurves } from '../core/imaging/colorGrade';
import { exposureCurves } from '../core/imaging/exposure';
import { GRADES } from '../core/imaging/grades';
import { applyCurves } from '../core/imaging/lut';
import type { RowRange } from '../core/imaging/planes';
import { sharpenBand } from '../core/imaging/sharpen';
import { toneCurveCurves, type CurvePoint } from '../core/imaging/toneCurve';
import type { RgbaImage } from '../core/imaging/types';
import { warpHomographyBand, type Matrix3 } from '../core/imaging/warp';
import { whiteBalanceCurves } from '../core/imaging/whiteBalance';

export const WIDTH = 4000;
export const HEIGHT = 3000;

// A 2 degree rotation with a slight keystone: what perspective correction asks of the warp. Output to input,
// about the image centre.
export const WARP_DEGREES = 2;
export function warpMatrix(): Matrix3 {
  const t = (WARP_DEGREES * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const k = 0.02 / HEIGHT; // keystone: rows further down are sampled a little narrower
  return [c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy, 0, k, 1 - k * cy];
}

export const S_CURVE: CurvePoint[] = [
  [0, 0],
  [0.25, 0.2],
  [0.5, 0.5],
  [0.75, 0.8],
  [1, 1],
];

/** Rows of a frame as an image of their own, over the same memory (no copy). */
export function rowsOf(image: RgbaImage, rows: RowRange): RgbaImage {
  const stride = image.width * 4;
  return {
    width: image.width,
    height: rows.to - rows.from,
    data: image.data.subarray(rows.from * stride, rows.to * stride),
  };
}

export type BandKernel = (src: RgbaImage, dst: RgbaImage, rows: RowRange) => void;

/** Not a kernel: the rows copied from one frame to the other, the memory system's ceiling for a pass. */
export const COPY = 'copy';
export const copyBand: BandKernel = (src, dst, rows) =>
  dst.data.set(rowsOf(src, rows).data, rows.from * src.width * 4);

const inPlace =
  (apply: (band: RgbaImage) => void): BandKernel =>
  (src, _dst, rows) =>
    apply(rowsOf(src, rows));

export const BAND_KERNELS: Record<string, { kernel: BandKernel; inPlace: boolean }> = {
  brightness: {
    kernel: inPlace((band) => applyCurves(band, exposureCurves(0.7), band)),
    inPlace: true,
  },
  warmTones: {
    kernel: inPlace((band) => applyCurves(band, whiteBalanceCurves({ mired: 30 }), band)),
    inPlace: true,
  },
  toneCurve: {
    kernel: inPlace((band) => applyCurves(band, toneCurveCurves(S_CURVE), band)),
    inPlace: true,
  },
  colorGrade: {
    kernel: inPlace((band) =>
      applyCurvesAndSaturation(
        band,
        colorGradeCurves(GRADES.goldenHour),
        GRADES.goldenHour.saturation ?? 1,
        band,
      ),
    ),
    inPlace: true,
  },
  sharpen: { kernel: (src, dst, rows) => sharpenBand(src, dst, rows), inPlace: false },
  warp: {
    kernel: (src, dst, rows) => warpHomographyBand(src, warpMatrix(), dst, rows),
    inPlace: false,
  },
};
