// The virtual staging dialog (SPEC sections 2, 4 and 5): options (style, budget) → analyzing → selection (the
// recommended products to tick) → staging → complete; a failed analysis goes back to the options, a failed staging
// back to the selection. Visitors are sent to the login, and the analysis needs STAGING_CREDITS. The effects are
// the workflow's staging actions; this component only holds the dialog's own steps and choices.

import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import {
  STAGING_BUDGET_DEFAULT_EUR,
  STAGING_BUDGET_MAX_EUR,
  STAGING_BUDGET_MIN_EUR,
  STAGING_BUDGET_STEP_EUR,
  STAGING_CREDITS,
  STAGING_STYLES,
  type StagingStyle,
} from '../../core/catalog/limits';
import type { AnalyzeStagingResponse, StagingProduct } from '../../core/contract/staging';
import { useSession } from '../api/auth';
import { formatEuroCents } from '../i18n/format';
import { t } from '../i18n/de';
import { useActions, useAppState, useDispatch, useServices } from '../services/context';
import { usePreviewUrl } from '../workflow/previews';
import { useReturnFocus } from './returnFocus';

type Step = 'options' | 'analyzing' | 'selection' | 'staging' | 'complete';

const SHOWN_STEPS = [
  { key: 'stepOptions', steps: ['options', 'analyzing'] },
  { key: 'stepSelection', steps: ['selection', 'staging'] },
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
      <img src={shop.image} alt="" width={72} height={72} loading="lazy" />
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
        <a href={shop.link} target="_blank" rel="noopener noreferrer sponsored">
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

/** The dialog's body; it is mounted when the dialog opens, so every opening starts at the options. */
function StagingFlow({ imageId, onClose }: { imageId: string; onClose: () => void }) {
  const actions = useActions();
  const { db } = useServices();
  const credits = useAppState((s) => s.credits);
  const signedIn = useSession().userId !== null;
  const preview = usePreviewUrl(db, imageId);
  const [step, setStep] = useState<Step>('options');
  const [style, setStyle] = useState<StagingStyle>('auto');
  const [budget, setBudget] = useState({ ...STAGING_BUDGET_DEFAULT_EUR });
  const [analysis, setAnalysis] = useState<AnalyzeStagingResponse | null>(null);
  const [products, setProducts] = useState<StagingProduct[]>([]);
  const [pieces, setPieces] = useState(0);
  const enoughCredits = credits >= STAGING_CREDITS;
  const options = { style, budget };

  async function analyze() {
    setStep('analyzing');
    const answer = await actions.analyzeStaging(options);
    if (!answer) {
      setStep('options');
      return;
    }
    setAnalysis(answer);
    setProducts(answer.products);
    setStep('selection');
  }

  async function stage() {
    if (!products.some((p) => p.selected)) {
      // Says 'Bitte wähle mindestens ein Möbelstück aus' and stays.
      await actions.applyStaging(products, options, analysis?.roomType);
      return;
    }
    setStep('staging');
    const placed = await actions.applyStaging(products, options, analysis?.roomType);
    if (placed === null) {
      setStep('selection');
      return;
    }
    setPieces(placed);
    setStep('complete');
  }

  const selectedTotal = products
    .filter((p) => p.selected)
    .reduce((sum, p) => sum + p.product.price * p.quantity, 0);
  const current = SHOWN_STEPS.findIndex((s) => (s.steps as readonly Step[]).includes(step));

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

      {step === 'options' && (
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
            <>
              <fieldset className="staging__styles">
                <legend>{t('staging.style')}</legend>
                {STAGING_STYLES.map((s) => (
                  <label key={s} className="staging__style">
                    <input
                      type="radio"
                      name="staging-style"
                      value={s}
                      checked={style === s}
                      onChange={() => setStyle(s)}
                    />
                    {t(`staging.styles.${s}`)}
                  </label>
                ))}
              </fieldset>
              <BudgetRange budget={budget} onChange={setBudget} />
              <p className="field-hint" role={enoughCredits ? undefined : 'status'}>
                {enoughCredits
                  ? t('staging.cost', { n: STAGING_CREDITS })
                  : t('staging.needCredits', { n: STAGING_CREDITS })}
              </p>
              <div className="dialog__actions">
                <Dialog.Close className="button button--ghost">{t('staging.close')}</Dialog.Close>
                <button
                  type="button"
                  className="button"
                  disabled={!enoughCredits}
                  onClick={() => void analyze()}
                >
                  {t('staging.analyze')}
                </button>
              </div>
            </>
          )}
        </div>
      )}

      {(step === 'analyzing' || step === 'staging') && (
        <p className="staging__busy" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {step === 'analyzing' ? t('staging.analyzing') : t('staging.staging')}
        </p>
      )}

      {step === 'selection' && (
        <div className="staging__selection">
          <p>{t('staging.selectionIntro')}</p>
          <ul className="staging__products" aria-label={t('staging.stepSelection')}>
            {products.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                onToggle={() =>
                  setProducts((list) =>
                    list.map((p) => (p.id === product.id ? { ...p, selected: !p.selected } : p)),
                  )
                }
              />
            ))}
          </ul>
          <p>
            <strong>{t('staging.selectionTotal', { price: formatEuroCents(selectedTotal) })}</strong>
          </p>
          <p className="field-hint">{t('staging.estimate')}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setStep('options')}>
              {t('staging.back')}
            </button>
            <button type="button" className="button" onClick={() => void stage()}>
              {t('staging.apply')}
            </button>
          </div>
        </div>
      )}

      {step === 'complete' && (
        <div className="staging__complete">
          <p role="status">
            {t('staging.complete')}{' '}
            {pieces === 1
              ? t('toast.stagingDone.descriptionOne')
              : t('toast.stagingDone.description', { n: pieces })}
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
          {overlay && <StagingFlow imageId={overlay.imageId} onClose={close} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
