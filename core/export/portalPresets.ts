// The export presets per portal: each portal's published size, aspect and file-size rules for listing photos,
// with the source of every number beside it, and the pure geometry and quality choice the download runs them
// with (web/services/portalExport.ts encodes). Where a portal publishes no rule the comment says so and the
// value is a conservative choice that every portal here accepts.

import { qualityForBytes, sizeModel } from './jpegSizeModel';

export type PortalPresetId = 'original' | 'airbnb' | 'booking' | 'vrbo' | 'immoscout24';

export interface PortalPreset {
  id: PortalPresetId;
  /** The portal's name as the user knows it (a brand, not translated). */
  name: string;
  /** Width / height of the file; null keeps the photo's own aspect (no crop). */
  aspect: number | null;
  /**
   * The smallest photo the portal asks for. A smaller one is never enlarged (that adds no detail, only blur):
   * it keeps its size and the user is told (exportGeometry's `belowMinimum`).
   */
  minWidth: number;
  minHeight: number;
  /** The long side the file is scaled down to: enough for the portal's largest display, no more. */
  maxLongSide: number | null;
  /** The file-size limit the JPEG quality choice meets. */
  maxBytes: number;
  /** May the photo carry text (the 'Virtuell eingerichtet' label)? Where not, the listing text must say it. */
  allowsText: boolean;
}

const MB = 1_000_000;

export const PORTAL_PRESETS: Readonly<Record<PortalPresetId, PortalPreset>> = {
  // The photo as it is: full size, own aspect, within the app's own download budget (DOWNLOAD_MAX_BYTES,
  // core/catalog/limits.ts: 8 MB), and the label, since the file is the user's own.
  original: {
    id: 'original',
    name: 'Original',
    aspect: null,
    minWidth: 1,
    minHeight: 1,
    maxLongSide: null,
    maxBytes: 8 * MB,
    allowsText: true,
  },
  airbnb: {
    id: 'airbnb',
    name: 'Airbnb',
    // 3:2 at a minimum of 1024 x 683: https://www.skylinestr.com/best-resolution-for-airbnb-photos/ ("Airbnb
    // recommends a minimum resolution of 1024px by 683px, at an aspect ratio of 3:2"); the same minimum in
    // https://www.framelifter.com/blog/airbnb-vs-vrbo-photos. No airbnb.com page with these numbers was found.
    aspect: 3 / 2,
    minWidth: 1024,
    minHeight: 683,
    // 1920 x 1280 recommended as the upload size: https://www.skylinestr.com/best-resolution-for-airbnb-photos/
    maxLongSide: 1920,
    // Sources disagree (10 MB: https://www.framelifter.com/blog/airbnb-vs-vrbo-photos; 30 MB:
    // https://completehospitalitymanagement.com/airbnb-photo-requirements/): the smaller, 10 MB.
    maxBytes: 10 * MB,
    // No rule on text for listing photos was found; for Experiences Airbnb forbids text overlaid on photos
    // (https://blog.atairbnb.com/what-are-the-photo-requirements-for-an-airbnb-experience/): conservative, none.
    allowsText: false,
  },
  booking: {
    id: 'booking',
    name: 'Booking.com',
    // No aspect is published; landscape looks best ("Fotos im Querformat sehen auf der Webseite besser aus"):
    // https://partner.booking.com/de/hilfe/partnerschaft-mit-booking/muss-ich-bei-der-registrierung-fotos-hinzuf%C3%BCgen
    aspect: null,
    // "Die niedrigste Auflösung, die wir auf unserer Webseite zeigen können, ist 840 x 460 Pixel" (same page).
    minWidth: 840,
    minHeight: 460,
    // "je höher die Auflösung desto besser" (same page), no maximum published: 2560 keeps files small.
    maxLongSide: 2560,
    // No file-size limit found in the stored Booking.com partner pages: conservative 8 MB (the app's budget).
    maxBytes: 8 * MB,
    // No text rule found (https://partner.booking.com/en-us/help/property-page/photos-extranet/understanding-photo-requirements-your-property
    // links to separate editorial guidelines that were not available): conservative, no text.
    allowsText: false,
  },
  vrbo: {
    id: 'vrbo',
    name: 'Vrbo',
    // https://help.vrbo.com/articles/Vrbo-photo-guidelines: "Minimum quality resolution: 1024 x 683 pixels",
    // "Best quality resolution: 3840 x 2160 pixels or higher", "Maximum file size: 20 MB", "Photo
    // orientation: Horizontal (landscape)", and no "Text of any kind". No aspect beyond landscape: own aspect.
    aspect: null,
    minWidth: 1024,
    minHeight: 683,
    maxLongSide: 3840,
    // 20 MB less a margin for how the portal counts a megabyte (MiB vs MB).
    maxBytes: 19 * MB,
    allowsText: false,
  },
  immoscout24: {
    id: 'immoscout24',
    name: 'ImmoScout24',
    // No size, aspect or file-size rule for residential listings was found; the only stored guideline is the
    // commercial one (https://www.immobilienscout24.de/gewerbe/lp/imageguideline.html), which refuses photos
    // with "Telefonnummern oder Textinformation" and logos. Conservative: own aspect, 1920 long side, 5 MB,
    // at least 1024 x 683 like the holiday portals, and no text.
    aspect: null,
    minWidth: 1024,
    minHeight: 683,
    maxLongSide: 1920,
    maxBytes: 5 * MB,
    allowsText: false,
  },
};

export const PORTAL_PRESET_IDS = Object.keys(PORTAL_PRESETS) as PortalPresetId[];

export const isPortalPresetId = (value: unknown): value is PortalPresetId =>
  typeof value === 'string' && Object.hasOwn(PORTAL_PRESETS, value);

export interface ExportGeometry {
  /** The centred crop of the source, in source pixels. */
  crop: { x: number; y: number; width: number; height: number };
  /** The file's size. */
  width: number;
  height: number;
  /** The crop is smaller than the portal's minimum: the file keeps the crop's size, and the user is told. */
  belowMinimum: boolean;
}

/**
 * Crop (to the preset's aspect, centred) and output size for a width x height photo: scaled down to the
 * preset's long side, never up.
 */
export function exportGeometry(width: number, height: number, preset: PortalPreset): ExportGeometry {
  let cw = width;
  let ch = height;
  if (preset.aspect !== null) {
    if (width / height > preset.aspect) cw = Math.round(height * preset.aspect);
    else ch = Math.round(width / preset.aspect);
  }
  const crop = { x: Math.floor((width - cw) / 2), y: Math.floor((height - ch) / 2), width: cw, height: ch };
  const scale = preset.maxLongSide === null ? 1 : Math.min(1, preset.maxLongSide / Math.max(cw, ch));
  // The minimum is stated for landscape photos; a portrait one is measured turned.
  const landscape = cw >= ch;
  const [minW, minH] = landscape ? [preset.minWidth, preset.minHeight] : [preset.minHeight, preset.minWidth];
  return {
    crop,
    width: Math.max(1, Math.round(cw * scale)),
    height: Math.max(1, Math.round(ch * scale)),
    belowMinimum: cw < minW || ch < minH,
  };
}

/** What a download for a portal reports about photos it kept smaller than the portal's minimum. */
export interface BelowMinimum {
  portal: string;
  minWidth: number;
  minHeight: number;
  /** Each such file's name and its size as written. */
  files: { name: string; width: number; height: number }[];
}

/** JPEG qualities the export chooses between; below 0.5 a listing photo shows blocks, so it is the floor. */
export const QUALITY_RANGE = { min: 0.5, max: 0.95 } as const;

/** What the first prediction aims at: this share of the budget, since the size model is a median photo's. */
const AIM = 0.95;
/** A correction down aims lower: the model was already wrong once for this photo. */
const CORRECTIVE_AIM = 0.9;
/** A predicted file under this share of the budget is worth one encode at a higher quality. */
const WELL_UNDER = 0.8;

/**
 * A high JPEG quality whose file fits `maxBytes`, from few encodes instead of a search: the top quality first
 * (most photos fit, and then it is the file); else the quality the size model (jpegSizeModel.ts) predicts from
 * that file. A file still over the budget, or well under it, gets one correction from the model fitted through
 * both files. Only a correction down that still overshoots is followed by the floor's file, which is returned
 * even when it does not fit; a correction up that overshoots leaves the fitting file before it.
 */
export async function highestFittingQuality<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  maxBytes: number,
): Promise<{ file: T; quality: number; encodes: number }> {
  let encodes = 0;
  const run = async (quality: number) => {
    encodes += 1;
    return { file: await encode(quality), quality };
  };
  const done = (r: { file: T; quality: number }) => ({ ...r, encodes });
  const fits = (r: { file: T; quality: number }) => r.file.size <= maxBytes;
  const anchor = (r: { file: T; quality: number }) => ({ quality: r.quality, bytes: r.file.size });

  const probe = await run(QUALITY_RANGE.max);
  if (fits(probe)) return done(probe);
  const predicted = await run(qualityForBytes(sizeModel(anchor(probe)), maxBytes * AIM, QUALITY_RANGE));
  const both = sizeModel(anchor(predicted), anchor(probe));
  if (fits(predicted)) {
    if (predicted.file.size >= maxBytes * WELL_UNDER) return done(predicted);
    const higher = qualityForBytes(both, maxBytes * AIM, { ...QUALITY_RANGE, min: predicted.quality });
    if (higher === predicted.quality) return done(predicted);
    const raised = await run(higher);
    return done(fits(raised) ? raised : predicted);
  }
  if (predicted.quality <= QUALITY_RANGE.min) return done(predicted);
  const lowered = await run(qualityForBytes(both, maxBytes * CORRECTIVE_AIM, QUALITY_RANGE));
  if (fits(lowered) || lowered.quality <= QUALITY_RANGE.min) return done(lowered);
  return done(await run(QUALITY_RANGE.min));
}
