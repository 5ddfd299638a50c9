// Offers a new version of the app when its service worker is ready, but only while no work is running:
// activating it reloads the page, which would cut off a running batch (CONVENTIONS.md, item 10).

import { useRegisterSW } from 'virtual:pwa-register/react';
import { t } from '../i18n/de';
import { useAppState } from '../services/context';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  const busy = useAppState(
    (s) => s.batch !== null || s.implementing || s.suggestionsLoading || s.analysisStatus === 'running',
  );
  if (!needRefresh || busy) return null;
  return (
    <div className="banner" role="status">
      <strong>{t('app.updateAvailable')}</strong>
      <span>{t('app.updateDescription')}</span>
      <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
        {t('app.updateNow')}
      </button>
    </div>
  );
}
