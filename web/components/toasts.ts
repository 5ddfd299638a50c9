// Toasts outside the workflow's notice (sign-out, the pricing page's 'kommt bald'). The toast host (sonner) is
// not part of the first page load: App mounts it with the first notice or the first toast asked for here, and a
// toast asked for before the host is up waits until it is (a toast sent to an unmounted host would be lost).
import { useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;
type Show = (toast: Toast) => void;

let host: Toast | null = null;
let waiting: Show[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast now, or as soon as the toast host has mounted. */
export function showToast(show: Show): void {
  if (host) {
    show(host);
    return;
  }
  waiting.push(show);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the toast host once its Toaster listens: shows what waited. */
export function toastHostReady(toast: Toast): void {
  host = toast;
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(toast);
}

/** True once a toast was asked for: the frame then mounts the host. */
export function useToastWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}
