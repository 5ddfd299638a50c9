// /preise: the credit packages of SPEC section 9 with de-DE euro prices. Buying is not available yet, so
// 'Credits kaufen' says 'Diese Funktion kommt bald!'.

import { Link } from 'react-router';
import { CREDIT_PACKAGES } from '../../../core/catalog/packages';
import { ArrowLeft } from '../../components/icons';
import { showToast } from '../../components/toasts';
import { formatEuroCents } from '../../i18n/format';
import { t } from '../../i18n/de';

export function PricingScreen() {
  return (
    <div className="page">
      <h1>{t('pricing.title')}</h1>
      <p>{t('pricing.intro')}</p>
      <ul className="packages">
        {CREDIT_PACKAGES.map((pkg) => (
          <li key={pkg.id} className={`card package${pkg.popular ? ' package--popular' : ''}`}>
            {/* The popular package is itself named 'Beliebt': the flag then would say it twice. */}
            {pkg.popular && pkg.name !== t('pricing.popular') && (
              <span className="package__flag">{t('pricing.popular')}</span>
            )}
            <h2>{pkg.name}</h2>
            <p>{t('pricing.credits', { n: pkg.credits })}</p>
            <p className="package__price">{formatEuroCents(pkg.priceCents)}</p>
            <p className="field-hint">
              {t('pricing.perCredit', { price: formatEuroCents(Math.round(pkg.priceCents / pkg.credits)) })}
            </p>
            {pkg.savings && <p className="package__savings">{pkg.savings}</p>}
            <button
              type="button"
              className="button"
              onClick={() => showToast((toast) => toast(t('pricing.comingSoon')))}
            >
              {t('pricing.buy')}
            </button>
          </li>
        ))}
      </ul>
      <p>{t('pricing.neverExpire')}</p>
      <Link to="/" className="pricing__back">
        <ArrowLeft aria-hidden="true" focusable="false" size={18} /> {t('pricing.back')}
      </Link>
    </div>
  );
}
