// What an enhancement costs, in credits. The web app shows this number and the server re-computes it before
// charging, so both must call this one function. Product decision: device modes are free (0 credits), and so is
// a server mode the provider only approximates with classical processing (its AiCapabilities); every other server
// mode costs its listed credits once per image it is selected for.
//
// Errors throw a PricingError with an English code rather than returning a result: requests are parsed by
// core/contract before they get here (which can check ids with `isModeId`), so a bad id here is a bug or a
// hostile client, and a throw keeps every ordinary caller a plain expression.

import { STAGING_IMAGE_COUNT } from './limits';
import { MODES, modeById, modeCost, REAL_AI_CAPABILITIES } from './modes';
import type { AiCapabilities } from './types';

export type PricingErrorCode = 'UNKNOWN_MODE' | 'STAGING_NEEDS_ONE_IMAGE' | 'INVALID_IMAGE_COUNT';

export class PricingError extends Error {
  readonly code: PricingErrorCode;
  /** The offending mode id, for UNKNOWN_MODE. */
  readonly modeId: string | undefined;

  constructor(code: PricingErrorCode, message: string, modeId?: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
    this.modeId = modeId;
  }
}

/** The special furnishing flow: shop products, exactly one image; listed at STAGING_CREDITS (tested). */
export const STAGING_MODE_ID = 'cozyFurnishing';

export interface Price {
  /** Credits to charge for the whole batch. */
  total: number;
  /** Credits per image, in the order of the selection. */
  perImage: number[];
  /** The distinct server modes that were selected on any image, in catalogue order. */
  serverModeIds: string[];
}

export interface PricedSelection {
  /** One list of selected mode ids per image. In 'Alle gleich' mode every list is the same. */
  perImageModes: ReadonlyArray<readonly string[]>;
}

/**
 * Prices a selection: each image costs the sum of what its selected modes cost (`modeCost`). A mode listed twice
 * for one image is charged once. Throws PricingError for an unknown mode id, or when cozyFurnishing is selected
 * and the batch does not hold exactly one image.
 */
export function priceOf(
  selection: PricedSelection,
  capabilities: AiCapabilities = REAL_AI_CAPABILITIES,
): Price {
  const { perImageModes } = selection;
  const selectedServerIds = new Set<string>();
  let stagingSelected = false;

  const perImage = perImageModes.map((modeIds) => {
    let credits = 0;
    for (const id of new Set(modeIds)) {
      const mode = modeById(id);
      if (!mode) throw new PricingError('UNKNOWN_MODE', `Unknown mode id: ${JSON.stringify(id)}`, id);
      if (id === STAGING_MODE_ID) stagingSelected = true;
      if (mode.runsOn === 'server') selectedServerIds.add(id);
      credits += modeCost(mode, capabilities);
    }
    return credits;
  });

  if (stagingSelected && perImageModes.length !== STAGING_IMAGE_COUNT) {
    throw new PricingError(
      'STAGING_NEEDS_ONE_IMAGE',
      `${STAGING_MODE_ID} needs exactly ${STAGING_IMAGE_COUNT} image, got ${perImageModes.length}`,
    );
  }

  return {
    total: perImage.reduce((sum, c) => sum + c, 0),
    perImage,
    serverModeIds: MODES.filter((m) => selectedServerIds.has(m.id)).map((m) => m.id),
  };
}

/** 'Alle gleich': the same modes on every one of `imageCount` images. */
export function priceUniform(
  modeIds: readonly string[],
  imageCount: number,
  capabilities: AiCapabilities = REAL_AI_CAPABILITIES,
): Price {
  if (!Number.isInteger(imageCount) || imageCount < 0) {
    throw new PricingError(
      'INVALID_IMAGE_COUNT',
      `Image count must be a whole number >= 0, got ${imageCount}`,
    );
  }
  return priceOf({ perImageModes: Array.from({ length: imageCount }, () => modeIds) }, capabilities);
}
