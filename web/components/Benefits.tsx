// 'Was Sie erwartet': the benefit list and the landing claims of SPEC section 1, shown beside the upload area.

import { t, type MessageKey } from '../i18n/de';

const BENEFITS: [icon: string, title: MessageKey, text: MessageKey][] = [
  ['☀️', 'landing.benefitBright', 'landing.benefitBrightText'],
  ['📈', 'landing.benefitInterest', 'landing.benefitInterestText'],
  ['⬇️', 'landing.benefitDownload', 'landing.benefitDownloadText'],
];

const CLAIMS: MessageKey[] = ['landing.claimSecure', 'landing.claimFree', 'landing.claimNoSignup'];

export function Benefits() {
  return (
    <section className="card benefits" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{t('landing.benefitsTitle')}</h2>
      <ul className="benefits__list">
        {BENEFITS.map(([icon, title, text]) => (
          <li key={title}>
            <span className="benefits__icon" aria-hidden="true">
              {icon}
            </span>
            <span>
              <strong>{t(title)}</strong>
              <br />
              {t(text)}
            </span>
          </li>
        ))}
      </ul>
      <ul className="claims" aria-label={t('landing.claimsLabel')}>
        {CLAIMS.map((claim) => (
          <li key={claim}>✓ {t(claim)}</li>
        ))}
      </ul>
    </section>
  );
}
