// Shows the workflow's current notice as a toast. Every notice reuses one toast id, so only one toast is ever
// on screen (SPEC section 4): a new one replaces the old.

import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { t, tNotice } from '../i18n/de';
import { useAppState } from './context';

export function NoticeHost() {
  const notice = useAppState((s) => s.notice);
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
  return <Toaster visibleToasts={1} position="top-center" richColors closeButton />;
}
