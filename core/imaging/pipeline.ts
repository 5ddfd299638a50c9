// The on-device engine's entry points: which kernels a device mode runs, with which strengths, and the automatic
// enhancement: the learned retouch (core/retouch) with the project's own steps around it (autoOptimize), or,
// for callers that have no model weights yet, the older rule-based pipeline (autoEnhance). Web workers and the
// server's builtin provider call only these functions; the kernels stay free of product decisions.
// Order inside a pipeline: geometry first (it resamples), then one fused pass of tone and colour, then the
// neighbourhood operations (denoise, local contrast, sharpening) so they work on the final tones.
import { colorCast } from '../analysis/colorCast';
import { computeHistograms, type Histograms } from '../analysis/histogram';
import { predictedPercentile, statsFromHistograms, type LuminanceStats } from '../analysis/luminance';
import { estimateNoise } from '../analysis/noise';
import type { EngineStep } from './engineSteps';
import { applyCurvesAndSaturation } from './colorGrade';
import { denoisedFrame } from './denoise';
import { autoExposureEv, exposureCurves, solveExposureEv } from './exposure';
import { gradeCurves, GRADES, isGradeId, type GradeId } from './grades';
import { chainCurves, type ChannelCurves } from './lut';
import { localContrast } from './localContrast';
import { autoPerspective, previewOf } from './perspective';
import { sharpen, sharpenInPlace } from './sharpen';
import { toneAdjustmentCurves, type ToneAdjustment } from './toneCurve';
import { cloneImage, createLike, type RgbaImage } from './types';
import { gainCurves, whiteBalanceCurves } from './whiteBalance';
import { applyLut3d, withStrength } from '../retouch/lut3d';
import { sampleColors, throughLut } from '../retouch/colorSample';
import {
  DARK_INPUT_L,
  gainToLightness,
  LIT_ROOM_L,
  liftAfter,
  meanLightness,
  PRE_LIFT_BELOW_L,
  PRE_LIFT_TARGET_L,
} from '../retouch/darkRooms';
import type { Retoucher } from '../retouch/retoucher';
import {
  exposureOf,
  isLowKey,
  keepChroma,
  lampCastGains,
  LOW_KEY_SHARE,
  outdoorShare,
  withGains,
} from '../retouch/look';
import { keepSkyBlue, sceneOf } from '../retouch/scene';
import { measureWhiteCast, neutraliseWhites } from '../retouch/whites';

export interface ModeResult {
  image: RgbaImage;
  /** What the mode did worth telling the user (or why it did nothing), in order; often empty. */
  steps: EngineStep[];
}

export interface AutoEnhanceResult {
  image: RgbaImage;
  /** What auto-enhance did, in the order it did it. */
  steps: EngineStep[];
}

/** The device mode ids this engine runs (the catalogue's modes that run on the device). */
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

/** What a device mode may need beyond the photo: the learned retouch and its strength (autoOptimize). */
export interface DeviceModeContext {
  retoucher?: Retoucher;
  /** 0..1, default 1: how much of the learned retouch (and its tone steps) is applied. */
  strength?: number;
  /**
   * The caller gives the photo away (the engine's decoded frame): a mode may write its result into it instead
   * of a second 48 MB frame for a 12 MP photo. autoOptimize and the tone modes (brighten, warmer tones, the
   * grades) use it.
   */
  mayOverwrite?: boolean;
}

/** Mean luma at which a photo reads as a bright, natural room (see exposure.ts). */
const NATURAL_MEAN = 0.46;

/** Run one device mode on an image. Throws for ids that are not device modes (a programming error). */
export function runDeviceMode(modeId: string, image: RgbaImage, context: DeviceModeContext = {}): ModeResult {
  // The tone modes' output: the photo itself when the caller gives it away (a shared frame is then worked on
  // where it lies, wasm/frames.ts), else a new image.
  const out = context.mayOverwrite ? image : undefined;
  if (isGradeId(modeId)) return { image: gradeMode(image, modeId, out), steps: [] };
  switch (modeId) {
    case 'brighten':
      return brighten(image, {}, out);
    case 'generalBrighten':
      // The general room's brighten also opens the shadows a little, for rooms with a bright window.
      return brighten(image, { shadows: 0.35 }, out);
    case 'warmerTones':
      return {
        image: applyCurvesAndSaturation(image, whiteBalanceCurves({ mired: 30, keepWhites: true }), 1, out),
        steps: [],
      };
    case 'sharpen':
      return { image: sharpen(image, sharpenFor(estimateNoise(image), 0.8)), steps: [] };
    case 'perspective': {
      const result = autoPerspective(image);
      return { image: result.image, steps: [result.note] };
    }
    case 'details': {
      const clearer = localContrast(image, { amount: 0.4 });
      return { image: sharpenInPlace(clearer, sharpenFor(estimateNoise(image), 0.4)), steps: [] };
    }
    case 'autoOptimize': {
      // Without the model's weights (callers not yet wired to load them) the rule-based pipeline runs.
      const result = context.retoucher
        ? autoOptimize(image, context.retoucher, {
            strength: context.strength ?? 1,
            mayOverwrite: context.mayOverwrite ?? false,
          })
        : autoEnhance(image);
      return { image: result.image, steps: result.steps };
    }
    default:
      throw new Error(`Unknown device mode: ${modeId}`);
  }
}

/**
 * Brighten: automatic exposure from the histogram toward a bright natural level, always at least a visible lift
 * (+0.3 stop), never clipping more than exposure.ts allows.
 */
function brighten(image: RgbaImage, tone: ToneAdjustment, out?: RgbaImage): ModeResult {
  const h = computeHistograms(image);
  const after = (c: ChannelCurves) => chainCurves(c, toneAdjustmentCurves(tone));
  const stats = statsFromHistograms(h);
  const target = Math.min(0.6, Math.max(0.5, stats.mean + 0.08));
  const ev = Math.max(0.3, solveExposureEv(h, target, after, { minEv: 0 }));
  return {
    image: applyCurvesAndSaturation(image, after(exposureCurves(ev)), 1, out),
    steps: ['brightened'],
  };
}

/** A room grade; a photo that is too dark for the look first gets the exposure it needs. */
function gradeMode(image: RgbaImage, id: GradeId, out?: RgbaImage): RgbaImage {
  const h = computeHistograms(image);
  const saturation = GRADES[id].saturation ?? 1;
  const extra = autoExposureEv(h, { targetMean: NATURAL_MEAN, minEv: 0 }, (c) =>
    chainCurves(c, gradeCurves(id)),
  );
  return applyCurvesAndSaturation(image, gradeCurves(id, extra), saturation, out);
}

/** Sharpening that stays above the noise: the threshold follows the measured noise, the amount drops with it. */
function sharpenFor(noiseSigma: number, amount: number) {
  return {
    amount: amount / (1 + Math.max(0, noiseSigma - 2) / 4),
    threshold: Math.max(2, 2 * noiseSigma),
  };
}

export interface AutoOptimizeOptions {
  /** 0..1 (default 1): 0 leaves tone and colour as they are, 1 applies the full learned retouch. */
  strength: number;
  /** Leave out every geometric step (perspective, crop): the output keeps the input's frame. */
  toneOnly: boolean;
  /** The result may be written into `image` (see DeviceModeContext). */
  mayOverwrite: boolean;
}

/**
 * Verticals that count as architecture: more and longer lines than the perspective kernel's own minimum, so a
 * field of flowers or a tree trunk never gets 'straightened'.
 */
const REAL_VERTICALS = { minLines: 6, minSupport: 1.5 };
/**
 * Only verticals leaning at least this much (degrees) are straightened, and never at the cost of more than a
 * tenth of the frame: a listing photo's ceiling lights and floor are part of the room. Measured on the 100 room
 * photos: 31 corrected, the median photo keeps all of its frame, the least kept 90 % (was 82 %).
 */
const REALLY_TILTED_DEG = 1;
const KEPT_FRAME = 0.9;

/** Half-width of the colour blur for photos lifted from near black, as a fraction of the shorter side. */
const CHROMA_RADIUS = 0.006;
/**
 * The colour blur's half-width for a photo of mean lightness L*: CHROMA_RADIUS for a dim room, up to six times
 * that for a near-black one, whose colour lives in one or two 8-bit levels and only a wide average recovers it.
 */
function chromaRadius(inputL: number): number {
  return CHROMA_RADIUS * Math.min(6, Math.max(1, 12 / Math.max(inputL, 1)));
}

/** How much of its (blurred) colour a photo lifted from mean L* keeps: all from L* 10, 40 % from near black. */
function chromaKept(inputL: number): number {
  return Math.min(1, Math.max(0.4, inputL / 10));
}
/** Long side of the preview on which a very dark photo's cast is measured. */
const CAST_PREVIEW_SIDE = 768;

/**
 * 'Automatisch optimieren': the learned retouch for tone and colour (one 3D LUT per photo), with the project's
 * steps where the model falls short on listing photos: perspective only on real verticals, a denoised lift
 * before the model for very dark photos (it never saw such), a lift after it for a room it leaves dim, neutral
 * white for white things under artificial light, and the photographer's look kept outdoors and in a low-key
 * photo (retouch/look.ts). All colour steps after the model are folded into its table, so the full-resolution
 * photo is read once (twice for a very dark one). Returns a new image.
 */
export function autoOptimize(
  image: RgbaImage,
  retoucher: Retoucher,
  options: Partial<AutoOptimizeOptions> = {},
): AutoEnhanceResult {
  const strength = Math.min(1, Math.max(0, options.strength ?? 1));
  const steps: EngineStep[] = [];
  let current = image;
  // True once `current` is a buffer of our own, which later steps may overwrite; the caller's photo only when
  // the caller says so.
  let owned = options.mayOverwrite ?? false;

  // The lift and neutral white are for dim interiors under lamp light; a photo with open sky is outdoors, and
  // its blue sky, a dusk's deep blue and its dark foreground are the photographer's look, which the learned
  // retouch keeps (with the sky's blue kept from the model's muting, and only part of its change when the photo
  // is well exposed).
  const { openSky, dusk } = sceneOf(image);

  // Outdoors the verticals are many (a skyline, a street) and the photo is composed as it is: the frame stays;
  // the 'Perspektive' mode straightens a house front on request.
  if (!options.toneOnly && !openSky) {
    const perspective = autoPerspective(image, {
      detection: REAL_VERTICALS,
      copyUnchanged: false,
      minKeptShare: KEPT_FRAME,
      minCorrection: REALLY_TILTED_DEG,
    });
    if (perspective.corrected) {
      current = perspective.image;
      owned = true;
      steps.push(perspective.note);
    }
  }
  if (strength === 0) return { image: owned ? current : cloneImage(current), steps };

  let sample = sampleColors(current);
  const inputL = meanLightness(sample);
  const exposure = exposureOf(sample);
  // A dark photo without a room in it and with a lit subject is low-key on purpose: not lifted, its look kept.
  const lowKey = inputL < DARK_INPUT_L && !openSky && isLowKey(current, exposure);
  const liftable = !openSky && !lowKey;

  if (inputL < PRE_LIFT_BELOW_L && liftable) {
    const ev = Math.log2(gainToLightness(sample, PRE_LIFT_TARGET_L)) * strength;
    const lift = exposureCurves(ev);
    const noise = estimateNoise(current);
    const slope = curveSlope(lift, statsFromHistograms(computeHistograms(current)).p50);
    const denoise = Math.max(0.5, noise) * slope > 2.5 || slope > 4;
    // Filtered at 12 bits and lifted before rounding: no amplified grain, no posterised gradients. A lift this
    // strong turns the few dark 8-bit levels into coloured blotches: the colour is taken wide, the detail kept.
    const frame = denoise ? denoisedFrame(current, { sigma: noise }) : null;
    const chroma = {
      radius: chromaRadius(inputL) * Math.min(current.width, current.height),
      keep: chromaKept(inputL),
    };
    const render = (curves: ChannelCurves) =>
      frame
        ? frame.render(curves, chroma)
        : applyCurvesAndSaturation(current, curves, 1, createLike(current));
    // A photo this dark was taken under lamps: its cast is measured on a lifted preview (where it is visible)
    // and removed together with the lift (the model learned from photos whose white balance was roughly right).
    const preview = previewOf(current, CAST_PREVIEW_SIDE).preview;
    const cast = colorCast(applyCurvesAndSaturation(preview, lift, 1, createLike(preview)));
    const castFixed = cast.samples >= 1000 && cast.strength > 0.05;
    const gains = cast.gains.map((g) => g ** strength) as [number, number, number];
    current = render(castFixed ? chainCurves(lift, gainCurves(gains)) : lift);
    if (castFixed) steps.push('colorCast');
    if (denoise) steps.push('noise');
    owned = true;
    steps.push('exposureUp');
    sample = sampleColors(current);
  }

  // Every table step runs at full strength; the finished table is blended with the identity at the end, so
  // 'Stärke' scales the whole change of tone and colour evenly.
  let lut = retoucher.lutFor(current);
  steps.push('learned');
  let after = throughLut(sample, lut);

  if (inputL < DARK_INPUT_L && liftable) {
    const gain = gainToLightness(after, LIT_ROOM_L);
    if (gain > 1.02) {
      lut = liftAfter(lut, gain);
      after = throughLut(sample, lut);
      if (!steps.includes('exposureUp')) steps.push('exposureUp');
    }
  }

  const cast = openSky ? null : measureWhiteCast(after);
  if (cast) {
    lut = neutraliseWhites(lut, cast);
    steps.push('whites');
  }
  // The photographer's look (look.ts): outdoors the sky keeps its blue and a well-exposed photo gets only part
  // of the model's change; a low-key photo keeps its colour and gets part of it, less half its lamp's cast.
  if (openSky) lut = withStrength(keepSkyBlue(lut), outdoorShare(exposure, dusk));
  else if (lowKey) {
    lut = withStrength(keepChroma(lut), LOW_KEY_SHARE);
    const gains = lampCastGains(throughLut(sample, lut));
    if (gains) {
      lut = withGains(lut, gains);
      steps.push('colorCast');
    }
  }
  if (strength < 1) lut = withStrength(lut, strength);

  return { image: applyLut3d(current, lut, owned ? current : undefined), steps };
}

/**
 * The rule-based automatic enhancement (before the learned retouch; still used where no weights are loaded):
 * measures tilt, exposure, contrast, colour cast and noise, and applies only what the
 * photo needs, with strengths from its own numbers.
 */
export function autoEnhance(image: RgbaImage): AutoEnhanceResult {
  const steps: EngineStep[] = [];

  // 1. Geometry, on the original pixels (it resamples).
  const perspective = autoPerspective(image);
  steps.push(perspective.note);
  let current = perspective.image;

  // 2. Tone and colour, as one point operation chosen from the histograms: colour cast, then levels and
  // contrast, and the exposure solved last so that the whole chain lands on a natural brightness.
  const h = computeHistograms(current);
  const stats = statsFromHistograms(h);
  const gains = castCorrection(current);
  const target = exposureTarget(stats);
  const plan = (histograms: Histograms) => planTone(histograms, stats, target, gains);
  let { ev, tone, after } = plan(h);

  // 3. Noise. What matters is the noise after the tone change: the curve's slope at the typical tone multiplies
  // it (five stops make an invisible 0.5-level noise a 15-level one), and the 8-bit steps with it. Such a photo
  // is filtered first and the curves are applied to the 12-bit filtered values; the tone is planned again on
  // those, since smoothing before a strongly bent curve moves the mean.
  const noiseIn = estimateNoise(current);
  const slope = curveSlope(after(exposureCurves(ev)), stats.p50);
  const denoised = Math.max(0.5, noiseIn) * slope > 2.5 || slope > 4;
  if (denoised) {
    const frame = denoisedFrame(current, { sigma: noiseIn });
    ({ ev, tone, after } = plan(frame.histograms()));
    current = frame.render(after(exposureCurves(ev)));
  } else {
    // The corrected photo is a buffer of our own and can be overwritten; the caller's photo never is.
    const out = perspective.corrected ? current : createLike(current);
    current = applyCurvesAndSaturation(current, after(exposureCurves(ev)), 1, out);
  }
  if (target > stats.mean + 0.02) steps.push('exposureUp');
  else if (target < stats.mean - 0.02) steps.push('exposureDown');
  if (gains) steps.push('colorCast');
  if (tone.contrast !== undefined || tone.inBlack !== undefined) steps.push('contrast');
  if (denoised) steps.push('noise');

  // 4. Sharpen last, gently, above the noise that is left.
  current = sharpenInPlace(current, sharpenFor(estimateNoise(current), 0.5));
  steps.push('sharpened');
  return { image: current, steps };
}

/**
 * Gains that reduce a clear colour cast (grey-world and white-patch, analysis/colorCast.ts) to a tolerated
 * residue, or null when there is nothing to correct. Rooms are often genuinely warm (beige walls, lamp light),
 * and a listing photo should feel lit, not clinical, so only the part of the cast beyond RESIDUAL_CAST goes.
 */
function castCorrection(image: RgbaImage): [number, number, number] | null {
  const cast = colorCast(image);
  if (cast.strength <= RESIDUAL_CAST + 0.1 || cast.samples < 1000) return null;
  const share = (cast.strength - RESIDUAL_CAST) / cast.strength;
  return [cast.gains[0] ** share, cast.gains[1] ** share, cast.gains[2] ** share];
}

/** Cast strength (largest |log2 gain|) left in a photo: about 19 % between channels, a warm room's glow. */
const RESIDUAL_CAST = 0.25;

/**
 * The point operation of auto-enhance for these histograms: cast gains, levels and contrast from the photo's
 * statistics, and the exposure solved last so the whole chain lands on the target brightness. A big lift
 * leaves the darkest tones grey (a lifted black looks foggy), so the black point is then placed again from
 * the predicted result and the exposure solved once more.
 */
function planTone(
  h: Histograms,
  stats: LuminanceStats,
  target: number,
  gains: [number, number, number] | null,
): { ev: number; tone: ToneAdjustment; after: (c: ChannelCurves) => ChannelCurves } {
  const chainFor = (tone: ToneAdjustment) => (c: ChannelCurves) =>
    chainCurves(c, whiteBalanceCurves({ mired: 0, gains: gains ?? [1, 1, 1] }), toneAdjustmentCurves(tone));
  let tone = toneFor(stats);
  let ev = solveExposureEv(h, target, chainFor(tone), { minEv: -1 });
  const blackAfter = predictedPercentile(h, chainFor(tone)(exposureCurves(ev)), 0.01);
  if (blackAfter > 0.06 && tone.inBlack === undefined) {
    tone = { ...tone, inBlack: Math.min(0.15, blackAfter * 0.7) };
    ev = solveExposureEv(h, target, chainFor(tone), { minEv: -1 });
  }
  return { ev, tone, after: chainFor(tone) };
}

/**
 * The mean luma auto-enhance aims for: a dark photo is lifted to a natural level, a bright one with blown
 * areas is brought down a little, and any other keeps its own brightness through the other changes.
 */
function exposureTarget(stats: LuminanceStats): number {
  if (stats.mean < 0.4) return NATURAL_MEAN;
  if (stats.mean > 0.62 && stats.clippedHighlights > 0.02) return 0.56;
  return stats.mean;
}

/** Levels for a hazy photo (its darkest tones are grey), and a gentle S-curve for a flat one. */
function toneFor(stats: LuminanceStats): ToneAdjustment {
  const tone: ToneAdjustment = {};
  if (stats.p01 > 0.04) tone.inBlack = Math.min(0.08, stats.p01 * 0.6);
  const spread = stats.p95 - stats.p05;
  if (spread < 0.55 && stats.mean >= 0.15) tone.contrast = Math.min(0.25, (0.55 - spread) * 0.8);
  return tone;
}

/** Slope (output levels per input level) of the green curve around a tone (0..1): the noise amplification. */
function curveSlope(curves: ChannelCurves, at: number): number {
  const d = 4 / 255;
  const lo = Math.max(0, at - d);
  const hi = Math.min(1, at + d);
  return (curves.g(hi) - curves.g(lo)) / (hi - lo);
}
