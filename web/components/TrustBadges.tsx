// Footer trust badges. Each one states a property the app really has (see ARCHITECTURE.md), not a seal.

import type { LucideIcon } from 'lucide-react';
import { t, type MessageKey } from '../i18n/de';
import { HardDrive, Lock, ShieldCheck, WifiOff } from './icons';

const BADGES: [icon: LucideIcon, label: MessageKey][] = [
  [Lock, 'landing.claimSecure'],
  [HardDrive, 'landing.trustLocal'],
  [WifiOff, 'landing.trustOffline'],
  [ShieldCheck, 'landing.trustGdpr'],
];

export function TrustBadges() {
  return (
    <footer className="footer">
      <h2 className="visually-hidden">{t('landing.trustTitle')}</h2>
      <ul className="badges">
        {BADGES.map(([Icon, label]) => (
          <li key={label} className="badge">
            <Icon aria-hidden="true" focusable="false" size={16} /> {t(label)}
          </li>
        ))}
      </ul>
    </footer>
  );
}
