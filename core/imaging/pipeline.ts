// The on-device engine's entry points: which kernels a device mode runs, with which strengths, and the
// automatic enhancement that chooses its own pipeline from the photo's statistics. Web workers and the
// server's builtin provider call only these two functions; the kernels stay free of product decisions.
// Order inside a pipeline: geometry first (it resamples), then one fused pass of tone and colour, then
// neighbourhood operations (local contrast, sharpening) last so they work on the final tones.
import { colorCast } from '../analysis/colorCast';
import { histograms } from '../analysis/histogram';
import { lumaStatsFromHistograms } from '../analysis/stats';
import { applyCurvesAndSaturation } from './colorGrade';
import { autoExposureStops, exposureCurves } from './exposure';
import { grade } from './grades';
import { chainCurves } from './lut';
import { localContrast } from './localContrast';
import { sharpen } from './sharpen';
import { toneCurveCurves, type ToneCurveOptions } from './toneCurve';
import type { RgbaImage } from './types';
import { whiteBalanceCurves } from './whiteBalance';

export interface ModeResult {
  image: RgbaImage;
  /** A short German sentence for the user when the mode did something noteworthy (or nothing); else null. */
  note: string | null;
}

export interface AutoEnhanceResult {
  image: RgbaImage;
  /** What auto-enhance did, in short German phrases, in the order it did it. */
  steps: string[];
}

/** The device mode ids this engine runs (the catalogue's modes with runsOn 'device'). */
export const DEVICE_MODE_IDS = [
  'brighten',
  'warmerTones',
  'sharpen',
  'perspective',
  'sunshine',
  'details',
  'autoOptimize',
  'warmLighting',
  'ambientLighting',
  'brightFresh',
  'goldenHour',
  'generalBrighten',
  'cozyAtmosphere',
] as const;

export type DeviceModeId = (typeof DEVICE_MODE_IDS)[number];

export function isDeviceModeId(id: string): id is DeviceModeId {
  return (DEVICE_MODE_IDS as readonly string[]).includes(id);
}

/** Sharpening radius that looks the same at any resolution: about 1 px at 3000 px on the long side. */
function sharpenSigma(image: RgbaImage): number {
  return Math.min(2, Math.max(0.7, Math.max(image.width, image.height) / 3000));
}

/** Brighten: automatic exposure from the histogram, but always at least a visible lift, never clipping. */
function brighten(image: RgbaImage): ModeResult {
  const h = histograms(image);
  const shadows = 0.25;
  const after = (c: ReturnType<typeof exposureCurves>) => chainCurves(c, toneCurveCurves({ shadows, contrast: 0 }));
  const stops = Math.max(0.3, autoExposureStops(h, { targetMean: 0.5, minStops: 0.3, maxStops: 4 }, after));
  const curves = after(exposureCurves(stops));
  return { image: applyCurvesAndSaturation(image, curves, 1), note: null };
}

function warmerTones(image: RgbaImage): ModeResult {
  return { image: applyCurvesAndSaturation(image, whiteBalanceCurves({ mired: 30 }), 1), note: null };
}

function perspectiveMode(image: RgbaImage): ModeResult {
  const { steps, image: out } = autoPerspective(image);
  return { image: out, note: steps[0] ?? null };
}

/** Perspective correction: not yet available in this build; the photo is returned unchanged. */
function autoPerspective(image: RgbaImage): { image: RgbaImage; steps: string[] } {
  return {
    image: { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) },
    steps: ['Perspektive unverändert: zu wenige senkrechte Linien'],
  };
}

/** Run one device mode on an image. Throws for ids that are not device modes (a programming error). */
export function runDeviceMode(modeId: string, image: RgbaImage): ModeResult {
  switch (modeId) {
    case 'brighten':
    case 'generalBrighten':
      return brighten(image);
    case 'warmerTones':
      return warmerTones(image);
    case 'sharpen':
      return { image: sharpen(image, { sigma: sharpenSigma(image) }), note: null };
    case 'perspective':
      return perspectiveMode(image);
    case 'details': {
      const clearer = localContrast(image, { amount: 0.4 });
      return { image: sharpen(clearer, { sigma: sharpenSigma(image), amount: 0.4 }), note: null };
    }
    case 'autoOptimize': {
      const result = autoEnhance(image);
      return { image: result.image, note: result.steps.length ? result.steps.join(', ') : null };
    }
    case 'sunshine':
    case 'warmLighting':
    case 'ambientLighting':
    case 'brightFresh':
    case 'goldenHour':
    case 'cozyAtmosphere':
      return { image: grade(image, modeId), note: null };
    default:
      throw new Error(`Unknown device mode: ${modeId}`);
  }
}

/**
 * Automatic enhancement: measures exposure, contrast and colour cast, and applies only what the photo needs,
 * with strengths from its own numbers.
 */
export function autoEnhance(image: RgbaImage): AutoEnhanceResult {
  const steps: string[] = [];
  const h = histograms(image);
  const stats = lumaStatsFromHistograms(h);
  const cast = colorCast(image);

  // Colour: correct about two thirds of a clear cast; rooms under lamps may keep a little warmth.
  const castFix = cast.strength > 0.08 && cast.samples > 1000;
  const share = 0.65;
  const gains: [number, number, number] = castFix
    ? [cast.gains[0] ** share, cast.gains[1] ** share, cast.gains[2] ** share]
    : [1, 1, 1];
  if (castFix) steps.push('Farbstich korrigiert');

  // Tone: lift the black point of a hazy photo, open the shadows of a dark one, add contrast to a flat one.
  const tone: Partial<ToneCurveOptions> = {
    blackPoint: stats.p01 > 0.04 ? Math.min(0.08, stats.p01 * 0.6) : 0,
    shadows: stats.mean < 0.35 ? 0.3 : 0,
    contrast: stats.p95 - stats.p05 < 0.55 ? 0.15 : 0.05,
  };
  const after = (c: ReturnType<typeof exposureCurves>) =>
    chainCurves(c, whiteBalanceCurves({ mired: 0, gains }), toneCurveCurves(tone));

  // Exposure: only a photo that is clearly too dark or too bright is changed.
  let stops = 0;
  if (stats.mean < 0.4) stops = autoExposureStops(h, { targetMean: 0.47, minStops: 0, maxStops: 4 }, after);
  else if (stats.mean > 0.62 && stats.clippedHighlights > 0.02) {
    stops = autoExposureStops(h, { targetMean: 0.56, minStops: -0.7, maxStops: 0 }, after);
  }
  if (stops > 0.05) steps.push('Belichtung angehoben');
  else if (stops < -0.05) steps.push('Belichtung reduziert');
  if ((tone.contrast ?? 0) > 0.1 || (tone.blackPoint ?? 0) > 0) steps.push('Kontrast verbessert');

  let out = applyCurvesAndSaturation(image, after(exposureCurves(stops)), 1.05);
  out = sharpen(out, { sigma: sharpenSigma(out), amount: 0.35 });
  steps.push('Leicht geschärft');
  return { image: out, steps };
}
