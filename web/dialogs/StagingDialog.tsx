// The virtual staging dialog (SPEC sections 2, 4 and 5; issue 26): options (style, budget) → analyzing →
// selection (the recommended products to tick) → placing on the device → arranging (drag, turn, remove, swap;
// free) → finishing (the one paid call) → complete. The steps are the workflow machine's (steps/staging.ts);
// this component renders the session and dispatches. The 3D view comes from the actions' placed scene.

import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import {
  STAGING_BUDGET_MAX_EUR,
  STAGING_BUDGET_MIN_EUR,
  STAGING_BUDGET_STEP_EUR,
  STAGING_CREDITS,
  STAGING_STYLES,
} from '../../core/catalog/limits';
import type { StagingProduct } from '../../core/contract/staging';
import { useSession } from '../api/auth';
import { formatEuroCents } from '../i18n/format';
import { t } from '../i18n/de';
import { useActions, useAppState, useDispatch, usePreview } from '../services/context';
import type { StagingSession, StagingStep } from '../workflow/machine';
import { DialogActions } from './DialogActions';
import { ArrangeStep } from './staging/ArrangeStep';
import { useReturnFocus } from './returnFocus';

const SHOWN_STEPS = [
  { key: 'stepOptions', steps: ['options', 'analyzing'] },
  { key: 'stepSelection', steps: ['selection', 'placing'] },
  { key: 'stepArrange', steps: ['arranging', 'finishing'] },
  { key: 'stepComplete', steps: ['complete'] },
] as const;

const euros = (value: number) => formatEuroCents(value * 100);

function BudgetRange({
  budget,
  onChange,
}: {
  budget: { min: number; max: number };
  onChange: (budget: { min: number; max: number }) => void;
}) {
  const id = useId();
  const range = { min: STAGING_BUDGET_MIN_EUR, max: STAGING_BUDGET_MAX_EUR, step: STAGING_BUDGET_STEP_EUR };
  return (
    <fieldset className="staging__budget">
      <legend>{t('staging.budget')}</legend>
      <output htmlFor={`${id}-min ${id}-max`} aria-live="polite">
        {t('staging.budgetRange', { min: euros(budget.min), max: euros(budget.max) })}
      </output>
      <label htmlFor={`${id}-min`}>{t('staging.budgetMin')}</label>
      <input
        id={`${id}-min`}
        type="range"
        {...range}
        value={budget.min}
        aria-valuetext={euros(budget.min)}
        onChange={(e) => onChange({ min: Math.min(Number(e.target.value), budget.max), max: budget.max })}
      />
      <label htmlFor={`${id}-max`}>{t('staging.budgetMax')}</label>
      <input
        id={`${id}-max`}
        type="range"
        {...range}
        value={budget.max}
        aria-valuetext={euros(budget.max)}
        onChange={(e) => onChange({ min: budget.min, max: Math.max(Number(e.target.value), budget.min) })}
      />
    </fieldset>
  );
}

function ProductRow({ product, onToggle }: { product: StagingProduct; onToggle: () => void }) {
  const id = useId();
  const { recommendation, product: shop } = product;
  const total = shop.price * product.quantity;
  return (
    <li className={`staging-product${product.selected ? ' staging-product--selected' : ''}`}>
      <input id={id} type="checkbox" checked={product.selected} onChange={onToggle} />
      {shop.image ? (
        <img src={shop.image} alt="" width={72} height={72} loading="lazy" />
      ) : (
        <span
          className="staging-product__swatch"
          aria-hidden="true"
          style={{ background: product.colors[0] }}
        />
      )}
      <div className="staging-product__text">
        <label htmlFor={id}>
          <strong>
            {product.quantity > 1 ? `${t('final.quantity', { n: product.quantity })} ` : ''}
            {recommendation.germanName}
          </strong>{' '}
          <span className={`pill pill--${recommendation.priority}`}>
            {t(`staging.priority.${recommendation.priority}`)}
          </span>
        </label>
        <span className="staging-product__title">{shop.title}</span>
        {product.unselectedReason && !product.selected && (
          <span className="field-hint">{t(`staging.unselected.${product.unselectedReason}`)}</span>
        )}
        <a href={shop.link} target="_blank" rel={`noopener noreferrer${shop.affiliate ? ' sponsored' : ''}`}>
          {t('staging.shopLink')}
          <span className="visually-hidden">: {shop.title}</span>
        </a>
      </div>
      <span className="staging-product__price">
        {formatEuroCents(total)}
        {product.quantity > 1 && (
          <span className="field-hint">{t('staging.priceEach', { price: formatEuroCents(shop.price) })}</span>
        )}
      </span>
    </li>
  );
}

function OptionsStep({ session }: { session: StagingSession }) {
  const actions = useActions();
  const dispatch = useDispatch();
  const credits = useAppState((s) => s.credits);
  const enoughCredits = credits >= STAGING_CREDITS;
  return (
    <>
      <fieldset className="staging__styles">
        <legend>{t('staging.style')}</legend>
        {STAGING_STYLES.map((s) => (
          <label key={s} className="staging__style">
            <input
              type="radio"
              name="staging-style"
              value={s}
              checked={session.style === s}
              onChange={() => dispatch({ type: 'stagingOptionsChanged', style: s })}
            />
            {t(`staging.styles.${s}`)}
          </label>
        ))}
      </fieldset>
      <BudgetRange
        budget={session.budget}
        onChange={(budget) => dispatch({ type: 'stagingOptionsChanged', budget })}
      />
      <p className="field-hint" role={enoughCredits ? undefined : 'status'}>
        {enoughCredits
          ? t('staging.cost', { n: STAGING_CREDITS })
          : t('staging.needCredits', { n: STAGING_CREDITS })}
      </p>
      <DialogActions
        closeLabel={t('staging.close')}
        confirmLabel={t('staging.analyze')}
        confirmDisabled={!enoughCredits}
        onConfirm={() => void actions.analyzeStaging()}
      />
    </>
  );
}

function SelectionStep({ session }: { session: StagingSession }) {
  const actions = useActions();
  const dispatch = useDispatch();
  const selectedTotal = session.products
    .filter((p) => p.selected)
    .reduce((sum, p) => sum + p.product.price * p.quantity, 0);
  return (
    <div className="staging__selection">
      <p>{t('staging.selectionIntro')}</p>
      <ul className="staging__products" aria-label={t('staging.stepSelection')}>
        {session.products.map((product) => (
          <ProductRow
            key={product.id}
            product={product}
            onToggle={() => dispatch({ type: 'stagingProductToggled', productId: product.id })}
          />
        ))}
      </ul>
      <p>
        <strong>{t('staging.selectionTotal', { price: formatEuroCents(selectedTotal) })}</strong>
      </p>
      <p className="field-hint">{t('staging.examples')}</p>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dispatch({ type: 'stagingStepBack' })}
        >
          {t('staging.back')}
        </button>
        <button type="button" className="button" onClick={() => void actions.placeStaging()}>
          {t('staging.apply')}
        </button>
      </div>
    </div>
  );
}

const BUSY: Partial<Record<StagingStep, 'analyzing' | 'placing' | 'finishing'>> = {
  analyzing: 'analyzing',
  placing: 'placing',
  finishing: 'finishing',
};

/** The dialog's body for the open session. */
function StagingFlow({
  imageId,
  session,
  onClose,
}: {
  imageId: string;
  session: StagingSession;
  onClose: () => void;
}) {
  const actions = useActions();
  const signedIn = useSession().userId !== null;
  const preview = usePreview(imageId);
  const current = SHOWN_STEPS.findIndex((s) => (s.steps as readonly StagingStep[]).includes(session.step));
  const busy = BUSY[session.step];

  return (
    <>
      <Dialog.Title>{t('staging.title')}</Dialog.Title>
      <Dialog.Description>{t('staging.description')}</Dialog.Description>
      <ol className="staging__steps">
        {SHOWN_STEPS.map((s, i) => (
          <li key={s.key} aria-current={i === current ? 'step' : undefined}>
            {t(`staging.${s.key}`)}
          </li>
        ))}
      </ol>

      {session.step === 'options' && (
        <div className="staging__options">
          {preview && <img className="staging__photo" src={preview} alt="" />}
          {!signedIn ? (
            <div className="card">
              <p>{t('staging.loginNeeded')}</p>
              <div className="dialog__actions">
                <button type="button" className="button" onClick={() => actions.stagingLogin()}>
                  {t('staging.login')}
                </button>
              </div>
            </div>
          ) : (
            <OptionsStep session={session} />
          )}
        </div>
      )}

      {busy && busy !== 'finishing' && (
        <p className="staging__busy" role="status">
          <span className="spinner" aria-hidden="true" /> {t(`staging.${busy}`)}
        </p>
      )}

      {session.step === 'selection' && <SelectionStep session={session} />}

      {(session.step === 'arranging' || session.step === 'finishing') && <ArrangeStep session={session} />}

      {session.step === 'complete' && (
        <div className="staging__complete">
          <p role="status">
            {t('staging.complete')}{' '}
            {session.pieces.length === 1
              ? t('toast.stagingDone.descriptionOne')
              : t('toast.stagingDone.description', { n: session.pieces.length })}
          </p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('staging.showResult')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

export function StagingDialog() {
  const dispatch = useDispatch();
  const { cancelStaging } = useActions();
  const overlay = useAppState((s) => (s.overlay?.kind === 'staging' ? s.overlay : null));
  const focus = useReturnFocus();
  const close = () => {
    cancelStaging();
    dispatch({ type: 'overlayClosed' });
  };
  return (
    <Dialog.Root open={!!overlay} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--staging" {...focus}>
          {overlay && <StagingFlow imageId={overlay.imageId} session={overlay.session} onClose={close} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
