// The banner under the top bar while the device is offline: what still works (everything on the device) and
// what waits for a connection (AI modes, sign-in), so nothing looks broken without a reason.

import { WifiOff } from '../components/icons';
import { t } from '../i18n/de';
import { useOnline } from '../services/online';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <WifiOff aria-hidden="true" focusable="false" size={18} />
      <span>
        <strong>{t('app.offlineTitle')}</strong> {t('app.offlineText')}
      </span>
    </div>
  );
}
