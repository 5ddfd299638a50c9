// The one toast of SPEC section 4: shows the workflow's current notice, and every notice reuses one toast id,
// so a new one replaces the old. Also the host for the few direct toasts (pricing, sign-out). Sonner's own
// labels are English; here they are German. Loaded when first needed (App, toasts.ts), not with the first page.

import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { useAppState } from '../services/context';
import { t, tNotice } from '../i18n/de';
import { toastHostReady } from './toasts';

export function ToastHost() {
  const notice = useAppState((s) => s.notice);
  // The Toaster below has subscribed by now (a child's effects run first): toasts that waited can show.
  useEffect(() => toastHostReady(toast), []);
  useEffect(() => {
    if (!notice) return;
    const { title, description } = tNotice(notice.key, notice.values);
    // Refused files read '<name>: <reason>', joined with commas (SPEC section 5).
    const details = notice.details?.map((d) => `${d.name}: ${t(d.key, d.values)}`).join(', ');
    const text = [description, details].filter(Boolean).join(' ');
    const show =
      notice.tone === 'error' ? toast.error : notice.tone === 'success' ? toast.success : toast.info;
    show(title, { id: 'notice', description: text || undefined, duration: details ? 10_000 : 5_000 });
  }, [notice]);
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      richColors
      closeButton
      customAriaLabel={t('app.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('app.closeNotification') }}
    />
  );
}
