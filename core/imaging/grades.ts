// The colour grades behind the on-device room modes, as named presets of colorGrade. The numbers are the
// product's taste: each is small enough to look like better light, not like a filter, and every grade keeps
// white white (the exposure and white-balance curves roll highlights off instead of clipping them).
import { colorGrade, colorGradeCurves, type ColorGradeOptions } from './colorGrade';
import type { ChannelCurves } from './lut';
import type { RgbaImage } from './types';

export const GRADE_IDS = [
  'sunshine',
  'warmLighting',
  'ambientLighting',
  'brightFresh',
  'goldenHour',
  'cozyAtmosphere',
] as const;

export type GradeId = (typeof GRADE_IDS)[number];

export function isGradeId(id: string): id is GradeId {
  return (GRADE_IDS as readonly string[]).includes(id);
}

export const GRADES: Readonly<Record<GradeId, Partial<ColorGradeOptions>>> = {
  /** Sunny daylight: a little more light, slightly warm, fresher colours, a touch of contrast. */
  sunshine: { ev: 0.35, mired: 18, tone: { shadows: 0.3, contrast: 0.12 }, saturation: 1.12 },
  /** Kitchen: warm, inviting lamp light with gently opened shadows. */
  warmLighting: { ev: 0.15, mired: 40, tint: 0.02, tone: { shadows: 0.5, contrast: 0.05 }, saturation: 1.05 },
  /** Living room: soft, even light: open shadows, calmer highlights, lower contrast, slightly warm. */
  ambientLighting: {
    ev: 0.2,
    mired: 18,
    tone: { shadows: 0.7, highlights: -0.4, contrast: -0.1 },
    saturation: 1.02,
  },
  /** Bathroom: bright and clean: more light, a slightly cool white, crisp contrast. */
  brightFresh: { ev: 0.45, mired: -12, tone: { shadows: 0.2, contrast: 0.12 }, saturation: 1.05 },
  /** Exterior: the warm, low sun of the golden hour: strong warmth, a little magenta, richer colour. */
  goldenHour: { ev: 0.1, mired: 60, tint: 0.05, tone: { shadows: 0.2, contrast: 0.15 }, saturation: 1.15 },
  /** Bedroom: cosy evening light: warmer white balance, softly lifted shadows, gentle contrast. */
  cozyAtmosphere: {
    ev: 0.05,
    mired: 45,
    tint: 0.02,
    tone: { shadows: 0.45, highlights: -0.2, contrast: -0.08 },
    saturation: 0.97,
  },
};

/** The point operation of a grade, with `extraEv` stops of exposure added to the preset's own. */
export function gradeCurves(id: GradeId, extraEv = 0): ChannelCurves {
  const preset = GRADES[id];
  return colorGradeCurves({ ...preset, ev: (preset.ev ?? 0) + extraEv });
}

/**
 * Apply a named grade. Returns a new image.
 * @internal The whole-image form, for tests; the pipelines run the fused curves.
 */
export function grade(image: RgbaImage, id: GradeId): RgbaImage {
  return colorGrade(image, GRADES[id]);
}
