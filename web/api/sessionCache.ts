// The last signed-in session, kept on the device so a signed-in user still looks signed in while offline
// (the session cookie is still there; only the server cannot confirm it). Online, the server's answer wins:
// a session it no longer knows is forgotten here too.

const KEY = 'raumglanz.lastSession';

export interface CachedSession {
  userId: string;
  name: string | null;
  email: string | null;
}

export function rememberSession(session: CachedSession | null): void {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // No storage (private mode): offline the user looks signed out, as before.
  }
}

export function lastSession(): CachedSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CachedSession>;
    return typeof parsed.userId === 'string'
      ? { userId: parsed.userId, name: parsed.name ?? null, email: parsed.email ?? null }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether the server's answer cannot be trusted to mean 'signed out': the browser is offline, or the session
 * request failed without an answer.
 */
export function serverUnreachable(requestFailed: boolean): boolean {
  return requestFailed || (typeof navigator !== 'undefined' && !navigator.onLine);
}
