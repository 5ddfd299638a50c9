// What the builtin provider can honestly do to a photo without a generative model: a short list of classical
// operations (core/imaging's kernels: the device engine's and the foliage-and-sky vibrance), which server
// modes it approximates with them, and which words in a suggestion map to which operation. Everything else
// (removing clutter, making a bed, a new window view, furniture) needs the AI service, and the provider says so.
import { colorCast } from '../../../core/analysis/colorCast';
import { applyCurvesAndSaturation } from '../../../core/imaging/colorGrade';
import { autoOptimize, runDeviceMode } from '../../../core/imaging/pipeline';
import { vibranceGreensAndSky } from '../../../core/imaging/vibrance';
import { whiteBalanceCurves } from '../../../core/imaging/whiteBalance';
import type { RgbaImage } from '../types';
import { builtinRetoucher } from './retoucher';

export type OperationId =
  | 'perspective'
  | 'autoEnhance'
  | 'neutralWhiteBalance'
  | 'brighten'
  | 'sunshine'
  | 'warmerTones'
  | 'vibrance'
  | 'details'
  | 'sharpen';

interface Operation {
  /** German, for descriptions: what the photo got. */
  label: string;
  run(image: RgbaImage): RgbaImage;
}

/**
 * The full correction of the cast core/analysis measures. Auto-enhance keeps a third of a cast (rooms under
 * lamps may look warm); shining appliances and fixtures want clean whites, so all of it goes here.
 */
export function neutralWhiteBalance(image: RgbaImage): RgbaImage {
  const { gains } = colorCast(image);
  return applyCurvesAndSaturation(image, whiteBalanceCurves({ mired: 0, gains }), 1);
}

const deviceMode =
  (modeId: string) =>
  (image: RgbaImage): RgbaImage =>
    runDeviceMode(modeId, image).image;

export const OPERATIONS: Readonly<Record<OperationId, Operation>> = {
  perspective: { label: 'Perspektive korrigiert', run: deviceMode('perspective') },
  autoEnhance: {
    label: 'Belichtung, Farbe und Kontrast automatisch ausgeglichen',
    // The device's 'Automatisch optimieren': the learned retouch with the project's steps around it.
    run: (i) => autoOptimize(i, builtinRetoucher()).image,
  },
  neutralWhiteBalance: { label: 'neutraler Weißabgleich', run: neutralWhiteBalance },
  brighten: { label: 'aufgehellt', run: deviceMode('brighten') },
  sunshine: { label: 'sonniges Licht', run: deviceMode('sunshine') },
  warmerTones: { label: 'wärmere Farben', run: deviceMode('warmerTones') },
  vibrance: { label: 'kräftigeres Grün und Himmelblau', run: (i) => vibranceGreensAndSky(i) },
  details: { label: 'Klarheit und Materialdetails betont', run: deviceMode('details') },
  sharpen: { label: 'geschärft', run: deviceMode('sharpen') },
};

/** Geometry first (it resamples), then global tone and colour, then local contrast and sharpening last. */
export const OPERATION_ORDER: readonly OperationId[] = [
  'perspective',
  'autoEnhance',
  'neutralWhiteBalance',
  'brighten',
  'sunshine',
  'warmerTones',
  'vibrance',
  'details',
  'sharpen',
];

/** The server modes the builtin provider approximates, and how. Every other server mode needs the AI service. */
export const MODE_OPERATIONS: Readonly<Record<string, readonly OperationId[]>> = {
  shineAppliances: ['neutralWhiteBalance', 'details'],
  gleamingFixtures: ['neutralWhiteBalance', 'details'],
  landscapeEnhance: ['vibrance', 'details'],
  curbAppeal: ['autoEnhance'],
  generalEnhance: ['autoEnhance'],
};

/** Applies the operations once each, in OPERATION_ORDER; returns the image and the labels of what was done. */
export function runOperations(
  image: RgbaImage,
  ids: Iterable<OperationId>,
): { image: RgbaImage; labels: string[] } {
  const wanted = new Set(ids);
  let current = image;
  const labels: string[] = [];
  for (const id of OPERATION_ORDER) {
    if (!wanted.has(id)) continue;
    current = OPERATIONS[id].run(current);
    labels.push(OPERATIONS[id].label);
  }
  return { image: current, labels };
}

/**
 * Words (German, lower case, matched anywhere) that a suggestion about light, colour or sharpness uses, and the
 * operation that carries it out. A suggestion matching none (furniture, tidying, decoration) needs the AI service.
 */
const SUGGESTION_RULES: ReadonlyArray<readonly [RegExp, OperationId]> = [
  [/perspektiv|senkrecht|stürzend|gerade ausricht|schief/, 'perspective'],
  [/farbstich|weißabgleich|neutral|natürliche farben/, 'neutralWhiteBalance'],
  [/automatisch|rundum|ausgewogen/, 'autoEnhance'],
  [/heller|hell |aufhell|belichtung|mehr licht|dunkel/, 'brighten'],
  [/sonn|tageslicht/, 'sunshine'],
  [/wärmer|warme farb|warme töne|warmes licht|gemütlich/, 'warmerTones'],
  [/rasen|garten|himmel|grün/, 'vibrance'],
  [/detail|material|struktur|textur|klarheit|kontrast/, 'details'],
  [/schärf|scharf|unscharf/, 'sharpen'],
];

export function operationsForSuggestion(text: string): OperationId[] {
  const lower = ` ${text.toLowerCase()} `;
  return SUGGESTION_RULES.filter(([pattern]) => pattern.test(lower)).map(([, id]) => id);
}
