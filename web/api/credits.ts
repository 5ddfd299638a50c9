// The browser side of credits: reading the balance (parsed with core/contract/credits). The balance itself is
// held in one place, the workflow store; its actions call these once per change (SPEC section 7: when the
// session is known, after a charged job, and on every 'creditUpdate' event).

import { CreditsResponse } from '../../core/contract/credits';
import { t } from '../i18n/de';
import { apiRequest } from './http';

/** The browser event that makes the app reload the balance (e.g. from another part of the page). */
export const CREDIT_UPDATE_EVENT = 'creditUpdate';

/**
 * The signed-in user's balance from the server (0 for a visitor), or null when the server cannot answer: the
 * callers keep the last known balance then.
 */
export async function refreshCredits(signal?: AbortSignal): Promise<number | null> {
  try {
    return (await apiRequest('/api/credits', { schema: CreditsResponse, ...(signal ? { signal } : {}) }))
      .credits;
  } catch {
    return null;
  }
}

/**
 * Why a new account started with 0 credits, as one German sentence, or null when it got its starting credits
 * (the server sends `starterWithheld` with the balance; the limits are in the README's env table).
 */
export function starterWithheldText(body: CreditsResponse): string | null {
  if (body.starterWithheld === 'NETWORK_LIMIT') return t('errors.starterNetworkLimit');
  if (body.starterWithheld === 'DAILY_CAP') return t('errors.starterDailyCap');
  return null;
}
