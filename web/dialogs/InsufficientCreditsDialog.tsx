// 'Nicht genügend Credits': what is missing, the credit packages with de-DE euro prices, the promise that
// credits never expire, and the way to /preise.

import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { CREDIT_PACKAGES } from '../../core/catalog/packages';
import { useAppState, useDispatch } from '../services/context';
import { formatEuroCents } from '../i18n/format';
import { t } from '../i18n/de';
import { DialogActions } from './DialogActions';
import { useReturnFocus } from './returnFocus';

export function InsufficientCreditsDialog() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const overlay = useAppState((s) => (s.overlay?.kind === 'insufficientCredits' ? s.overlay : null));
  const close = () => dispatch({ type: 'overlayClosed' });
  const missing = overlay ? Math.max(0, overlay.needed - overlay.current) : 0;
  const focus = useReturnFocus();
  return (
    <Dialog.Root open={!!overlay} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" {...focus}>
          <Dialog.Title>{t('insufficient.title')}</Dialog.Title>
          <Dialog.Description>
            {overlay?.current === 0
              ? t('insufficient.empty')
              : missing === 1
                ? t('insufficient.missingOne')
                : t('insufficient.missing', { n: missing })}
          </Dialog.Description>
          {overlay && (
            <p className="field-hint">
              {t('insufficient.status', { needed: overlay.needed, current: overlay.current })}
            </p>
          )}
          <ul className="packages packages--compact">
            {CREDIT_PACKAGES.map((pkg) => (
              <li key={pkg.id} className={`card package${pkg.popular ? ' package--popular' : ''}`}>
                <strong>{pkg.name}</strong>
                <span>{t('pricing.credits', { n: pkg.credits })}</span>
                <span className="package__price">{formatEuroCents(pkg.priceCents)}</span>
                {pkg.savings && <span className="package__savings">{pkg.savings}</span>}
              </li>
            ))}
          </ul>
          <p>{t('insufficient.neverExpire')}</p>
          <DialogActions
            closeLabel={t('insufficient.close')}
            confirmLabel={t('insufficient.toPricing')}
            onConfirm={() => {
              close();
              navigate('/preise');
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
