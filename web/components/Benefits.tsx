// 'Was dich erwartet': the benefit list and the landing claims of SPEC section 1, shown beside the upload area.

import type { LucideIcon } from 'lucide-react';
import { t, type MessageKey } from '../i18n/de';
import { Check, Download, Sun, TrendingUp } from './icons';

const BENEFITS: [icon: LucideIcon, title: MessageKey, text: MessageKey][] = [
  [Sun, 'landing.benefitBright', 'landing.benefitBrightText'],
  [TrendingUp, 'landing.benefitInterest', 'landing.benefitInterestText'],
  [Download, 'landing.benefitDownload', 'landing.benefitDownloadText'],
];

const CLAIMS: MessageKey[] = ['landing.claimSecure', 'landing.claimFree', 'landing.claimNoSignup'];

export function Benefits() {
  return (
    <section className="card benefits" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{t('landing.benefitsTitle')}</h2>
      <ul className="benefits__list">
        {BENEFITS.map(([Icon, title, text]) => (
          <li key={title}>
            <span className="benefits__icon" aria-hidden="true">
              <Icon size={22} focusable="false" />
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
          <li key={claim}>
            <Check aria-hidden="true" focusable="false" size={16} /> {t(claim)}
          </li>
        ))}
      </ul>
    </section>
  );
}
