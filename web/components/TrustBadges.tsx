// Footer trust badges. Each one states a property the app really has (see ARCHITECTURE.md), not a seal.

import { t, type MessageKey } from '../i18n/de';

const BADGES: [icon: string, label: MessageKey][] = [
  ['🔒', 'landing.claimSecure'],
  ['💻', 'landing.trustLocal'],
  ['📴', 'landing.trustOffline'],
  ['🇪🇺', 'landing.trustGdpr'],
];

export function TrustBadges() {
  return (
    <footer className="footer">
      <h2 className="visually-hidden">{t('landing.trustTitle')}</h2>
      <ul className="badges">
        {BADGES.map(([icon, label]) => (
          <li key={label} className="badge">
            <span aria-hidden="true">{icon}</span> {t(label)}
          </li>
        ))}
      </ul>
    </footer>
  );
}
