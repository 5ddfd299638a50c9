// The browser side of credits: reading the balance (parsed with core/contract/credits). The balance itself is
// held in one place, the workflow store; its actions call these once per change (SPEC section 7: when the
// session is known, after a charged job, and on every 'creditUpdate' event).

import { CreditsResponse } from '../../core/contract/credits';
import { t } from '../i18n/de';

/** The browser event that makes the app reload the balance (e.g. from another part of the page). */
export const CREDIT_UPDATE_EVENT = 'creditUpdate';

/** The signed-in user's balance from the server (0 for a visitor); throws when the server cannot answer. */
async function fetchCredits(signal?: AbortSignal): Promise<number> {
  const res = await fetch('/api/credits', { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`GET /api/credits answered ${res.status}`);
  return CreditsResponse.parse(await res.json()).credits;
}

/** Like fetchCredits, but null instead of an error: for callers that keep the last known balance. */
export async function refreshCredits(signal?: AbortSignal): Promise<number | null> {
  try {
    return await fetchCredits(signal);
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
