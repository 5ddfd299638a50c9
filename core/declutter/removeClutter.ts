// The whole offline removal on one photo, for the builtin provider, the declutter CLI and the device brush alike:
// detections (from the room detector, run by the caller) -> the mode's clutter, less lamps hanging from a cord
// (hanging.ts) -> one mask with the painted strokes (snapped to their objects) -> the fill (core/inpaint) -> the
// German description. Pure: the caller decodes, detects and encodes.
import type { Detection } from '../analysis/room/types';
import type { RgbaImage } from '../imaging/types';
import { inpaint, type InpaintOptions } from '../inpaint/fill';
import { buildClutterMask, type ClutterMaskOptions, type MaskedObject, type Stroke } from './buildMask';
import type { DeclutterModeId } from './clutterLabels';
import { describeRemoval } from './germanNames';
import { hangsFromCord } from './hanging';
import { selectClutter, type ClutterOptions } from './selectClutter';

export interface RemoveClutterOptions {
  clutter: Partial<ClutterOptions>;
  mask: Partial<ClutterMaskOptions>;
  fill: Partial<InpaintOptions>;
}

export interface RemovedClutter {
  /** The photo with the clutter filled; the input itself when nothing was removed. */
  image: RgbaImage;
  /** What was removed, with the detector's boxes in pixels. Empty: nothing to do, charge nothing. */
  removed: MaskedObject[];
  /** Separate painted areas that were filled. */
  paintedAreas: number;
  /** 1 where pixels were replaced. */
  mask: Uint8Array;
  /** German, e.g. '4 Gegenstände entfernt: Flaschen, Tasche, Fernbedienung'. */
  description: string;
}

/** Removes a mode's clutter (and the painted strokes) from `image`; `detections` are the detector's, in fractions. */
export function removeClutter(
  image: RgbaImage,
  detections: readonly Detection[],
  mode: DeclutterModeId,
  strokes: readonly Stroke[] = [],
  options: Partial<RemoveClutterOptions> = {},
): RemovedClutter {
  const clutter = clutterIn(image, detections, mode, options.clutter);
  const { mask, objects, paintedAreas } = buildClutterMask(image, clutter, strokes, options.mask);
  const nothing = objects.length === 0 && paintedAreas === 0;
  return {
    image: nothing ? image : inpaint(image, mask, options.fill),
    removed: objects,
    paintedAreas,
    mask,
    description: describeRemoval(
      objects.map((o) => o.label),
      paintedAreas,
    ),
  };
}

/** The detections a mode removes from this photo: selectClutter's, less the lamps hanging from a cord. */
export function clutterIn(
  image: RgbaImage,
  detections: readonly Detection[],
  mode: DeclutterModeId,
  options?: Partial<ClutterOptions>,
): Detection[] {
  return selectClutter(detections, mode, options).filter((d) => !hangsFromCord(image, d));
}
