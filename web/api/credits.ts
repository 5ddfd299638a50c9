// The browser side of credits: reading the balance (parsed with core/contract/credits). The balance itself is
// held in one place, the workflow store; its actions call these once per change (SPEC section 7: when the
// session is known, after a charged job, and on every 'creditUpdate' event).

import { CreditsResponse } from '../../core/contract/credits';
import { apiRequest } from './http';

/**
 * The signed-in user's balance from the server (0 for a visitor) and, for an account that started with 0, why;
 * null when the server cannot answer: the callers keep the last known balance then.
 */
export async function fetchBalance(signal?: AbortSignal): Promise<CreditsResponse | null> {
  try {
    return await apiRequest('/api/credits', { schema: CreditsResponse, ...(signal ? { signal } : {}) });
  } catch {
    return null;
  }
}
