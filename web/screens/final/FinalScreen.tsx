// 'Fertig optimiert': before and after side by side, paging 'x von n' that wraps around, download one
// ('optimiertes-bild-N-<own name>.jpg') or all as one ZIP, the furnishing list when staging made one, and what
// was applied to the photo on screen.

import { useState } from 'react';
import { isAffiliateLink } from '../../../core/staging/links';
import { useActions, useAppState, useFinalImage, usePreview } from '../../services/context';
import { formatEuroCents } from '../../i18n/format';
import { t } from '../../i18n/de';
import type { AppliedToPhoto } from '../../workflow/machine';
import { ScreenHead } from '../../components/ScreenHead';
import { DownloadFormatOption } from '../../components/DownloadFormatOption';
import { PortalPresetOption } from '../../components/PortalPresetOption';
import { ResetButton } from '../../dialogs/ResetButton';
import { shoppingListNote } from './shoppingNotes';

/**
 * 'Angewendete Verbesserungen' of the photo on screen: only what the server carried out in this photo (never a
 * ticked idea it could not do, never one meant for another photo), and what it did not.
 */
function AppliedToThisPhoto({
  photo,
  n,
  name,
  several,
}: {
  photo: AppliedToPhoto | undefined;
  n: number;
  name: string | undefined;
  several: boolean;
}) {
  const applied = photo?.applied ?? [];
  const notApplied = photo?.notApplied ?? [];
  return (
    <section className="card" aria-labelledby="applied-title">
      <h3 id="applied-title">{t('final.applied')}</h3>
      {several && name !== undefined && <p className="field-hint">{t('final.appliedFor', { n, name })}</p>}
      {applied.length > 0 ? (
        <ul>
          {applied.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p>{t('final.appliedNone')}</p>
      )}
      {notApplied.length > 0 && (
        <p className="field-hint">{t('final.notApplied', { list: notApplied.join(', ') })}</p>
      )}
    </section>
  );
}

export function FinalScreen() {
  const actions = useActions();
  const final = useAppState((s) => s.finalResult);
  const photos = useAppState((s) => s.images);
  const images = final?.images ?? [];
  const [page, setPage] = useState(0);
  const index = images.length > 0 ? page % images.length : 0;
  const current = images[index];
  const before = usePreview(current?.imageId ?? '', 'original');
  const after = useFinalImage(current?.resultKey);
  const furnished = final?.shoppingList !== undefined;
  // The disclosure label goes on a furnished photo's download unless switched off for it (SPEC: honest staging).
  const [label, setLabel] = useState(true);
  const turn = (step: number) => setPage((p) => (p + step + images.length) % images.length);

  return (
    <section className="final" aria-labelledby="final-title">
      <ScreenHead titleId="final-title" title={t('final.title')} backLabel={t('final.back')} />
      {after.state === 'missing' && (
        <p className="card field-error" role="alert">
          {t('final.empty')}
        </p>
      )}
      {current && (
        <>
          {after.state !== 'missing' && (
            <div className="side-by-side">
              <figure className="card">
                <figcaption>{t('final.before')}</figcaption>
                {before && <img src={before} alt={t('final.before')} />}
              </figure>
              <figure className="card">
                <figcaption>
                  {t('final.after')}
                  {furnished && <span className="pill pill--warn">{t('final.virtualLabel')}</span>}
                </figcaption>
                {after.state === 'ready' && <img src={after.url} alt={t('final.after')} />}
              </figure>
            </div>
          )}
          {images.length > 1 && (
            <div className="pager">
              <button
                type="button"
                className="icon-button"
                aria-label={t('final.previous')}
                onClick={() => turn(-1)}
              >
                ‹
              </button>
              <span aria-live="polite">{t('final.paging', { n: index + 1, total: images.length })}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('final.next')}
                onClick={() => turn(1)}
              >
                ›
              </button>
            </div>
          )}
        </>
      )}
      {final?.shoppingList && (
        <section className="card" aria-labelledby="shopping-title">
          <h3 id="shopping-title">{t('final.shoppingList')}</h3>
          <ul className="shopping-list">
            {final.shoppingList.items.map((item) => (
              <li key={item.link}>
                <a
                  href={item.link}
                  target="_blank"
                  rel={isAffiliateLink(item.link) ? 'noopener noreferrer sponsored' : 'noopener noreferrer'}
                >
                  {item.name}
                </a>
                <span>{formatEuroCents(Math.round(item.price * 100))}</span>
              </li>
            ))}
          </ul>
          <p>
            <strong>
              {t('final.estimatedTotal', {
                price: formatEuroCents(Math.round(final.shoppingList.totalPrice * 100)),
              })}
            </strong>
          </p>
          <p className="virtual-note">{t('final.virtuallyFurnished')}</p>
          <p className="field-hint">{shoppingListNote(final.shoppingList.items.map((item) => item.link))}</p>
        </section>
      )}
      {final && final.appliedSuggestions.length > 0 && current && (
        <AppliedToThisPhoto
          photo={final.appliedSuggestions.find((entry) => entry.imageId === current.imageId)}
          n={index + 1}
          name={photos.find((image) => image.id === current.imageId)?.name}
          several={images.length > 1}
        />
      )}
      <DownloadFormatOption />
      <PortalPresetOption furnished={furnished} />
      <div className="sticky-bar">
        <ResetButton label={t('final.reset')} />
        {current && after.state !== 'missing' && (
          <div className="sticky-bar__actions">
            {furnished && (
              <label className="label-switch" title={t('final.labelSwitchHint')}>
                <input type="checkbox" checked={label} onChange={(e) => setLabel(e.target.checked)} />
                {t('final.labelSwitch')}
              </label>
            )}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void actions.downloadFinal(index, { label })}
            >
              {t('final.download')}
            </button>
            <button
              type="button"
              className="button button--large"
              onClick={() => void actions.downloadAllFinal({ label })}
            >
              {t('final.downloadAll')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
