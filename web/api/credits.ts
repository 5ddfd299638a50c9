// The browser side of credits: reading the balance (parsed with core/contract/credits) and keeping it fresh.
// SPEC section 7: the balance is loaded when the session is known and again on every 'creditUpdate' event,
// which the workflow dispatches after it charged or refunded. A visitor has 0 and nothing is loaded.

import { useEffect, useState } from 'react';
import { CreditPackagesResponse, CreditsResponse } from '../../core/contract/credits';
import { useSession } from './auth';

/** The browser event that makes every useCredits() reload the balance. */
export const CREDIT_UPDATE_EVENT = 'creditUpdate';

/** Tells every useCredits() to reload, e.g. after a charged AI job started or finished. */
export function notifyCreditsChanged(): void {
  window.dispatchEvent(new Event(CREDIT_UPDATE_EVENT));
}

/** The signed-in user's balance from the server (0 for a visitor); throws when the server cannot answer. */
export async function fetchCredits(signal?: AbortSignal): Promise<number> {
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

export async function fetchCreditPackages(signal?: AbortSignal): Promise<CreditPackagesResponse['packages']> {
  const res = await fetch('/api/credit-packages', { signal });
  if (!res.ok) throw new Error(`GET /api/credit-packages answered ${res.status}`);
  return CreditPackagesResponse.parse(await res.json()).packages;
}

export interface CreditsState {
  /** The balance; 0 for a visitor. After a failed reload the last known balance stays. */
  credits: number;
  /** True while the first balance of this user is on its way. */
  loading: boolean;
}

/** The signed-in user's balance, reloaded when the user changes and on every 'creditUpdate' event. */
export function useCredits(): CreditsState {
  const { userId } = useSession();
  const [loaded, setLoaded] = useState<{ userId: string; credits: number } | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const reload = () => setGeneration((n) => n + 1);
    window.addEventListener(CREDIT_UPDATE_EVENT, reload);
    return () => window.removeEventListener(CREDIT_UPDATE_EVENT, reload);
  }, []);

  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    void refreshCredits(controller.signal).then((credits) => {
      if (credits !== null && !controller.signal.aborted) setLoaded({ userId, credits });
    });
    return () => controller.abort();
  }, [userId, generation]);

  if (userId === null) return { credits: 0, loading: false };
  const mine = loaded?.userId === userId ? loaded : null;
  return { credits: mine?.credits ?? 0, loading: mine === null };
}
