// 'raumglanz installieren': offered after the first finished photo (not on arrival, when nobody knows the app
// yet) through Chromium's beforeinstallprompt, and dismissible for good on this device. The same moment asks
// the browser to keep our storage (navigator.storage.persist), so finished work is not evicted.

import { useEffect, useState } from 'react';
import { Download } from '../components/icons';
import { t } from '../i18n/de';
import { useActions, useAppState } from '../services/context';
import type { WorkflowState } from '../workflow/machine';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Captured as early as the module loads: Chromium fires it once, often before React has rendered. */
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    for (const listener of listeners) listener();
  });
}

const hasFinishedPhoto = (state: WorkflowState) =>
  state.finalResult !== null || state.images.some((image) => image.status === 'enhanced');

export function InstallPrompt() {
  const finished = useAppState(hasFinishedPhoto);
  const [available, setAvailable] = useState(() => deferred !== null);
  const { installDismissed, dismissInstall } = useActions();
  const [dismissed, setDismissed] = useState(installDismissed);

  useEffect(() => {
    const update = () => setAvailable(deferred !== null);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);

  useEffect(() => {
    // Finished work is worth keeping: ask once the first photo is done (Chromium decides silently).
    if (finished) void navigator.storage?.persist?.().catch(() => false);
  }, [finished]);

  if (!finished || !available || dismissed) return null;
  const dismiss = () => {
    // Without storage the banner stays away for this page only.
    dismissInstall();
    setDismissed(true);
  };
  return (
    <section className="install-prompt" aria-label={t('install.title')}>
      <Download className="install-prompt__icon" aria-hidden="true" focusable="false" size={22} />
      <p>
        <strong>{t('install.title')}</strong> {t('install.text')}
      </p>
      <div className="install-prompt__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            const event = deferred;
            deferred = null;
            setAvailable(false);
            void event?.prompt();
          }}
        >
          {t('install.accept')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={dismiss}>
          {t('install.dismiss')}
        </button>
      </div>
    </section>
  );
}
