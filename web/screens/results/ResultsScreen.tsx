// The enhanced-results view: each optimised photo before/after (slider clamped to 10-90 %), download one or all,
// 'Weitere Optimierungen' for design suggestions, back to the mode selection, or start over.

import { useState } from 'react';
import { SLIDER_MAX_PERCENT, SLIDER_MIN_PERCENT, SLIDER_START_PERCENT } from '../../../core/catalog/limits';
import { useActions, useAppState, useDispatch, usePreview, useResult } from '../../services/context';
import { CompareSlider } from '../../components/CompareSlider';
import { t } from '../../i18n/de';
import type { ImageItem } from '../../workflow/machine';
import { Expand } from '../../components/icons';
import { ScreenHead } from '../../components/ScreenHead';
import { DownloadFormatOption } from '../../components/DownloadFormatOption';
import { PortalPresetOption } from '../../components/PortalPresetOption';
import { ResetButton } from '../../dialogs/ResetButton';
import { RetouchDialog } from './RetouchDialog';

function ResultCard({ image, onDownload }: { image: ImageItem; onDownload: () => void }) {
  const dispatch = useDispatch();
  const before = usePreview(image.id, 'original');
  const after = useResult(image.enhancedKey);
  const [retouching, setRetouching] = useState(false);
  return (
    <li className="card result-card">
      <h3 className="result-card__name">{image.name}</h3>
      {image.status === 'error' ? (
        <p className="field-error">{t('results.failed', { message: image.error ?? '' })}</p>
      ) : before && after ? (
        <>
          <CompareSlider
            before={before}
            after={after}
            alt={image.name}
            initial={SLIDER_START_PERCENT}
            min={SLIDER_MIN_PERCENT}
            max={SLIDER_MAX_PERCENT}
          />
          {image.description && <p className="field-hint">{image.description}</p>}
          {/* A mode that failed alone: the photo kept the rest, and says which mode did not run and why. */}
          {image.error && (
            <p className="field-error">{t('results.partlyFailed', { message: image.error })}</p>
          )}
          <div className="result-card__actions">
            <button type="button" className="button" onClick={onDownload}>
              {t('results.download')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('retouch.openFor', { name: image.name })}
              onClick={() => setRetouching(true)}
            >
              {t('retouch.open')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-label={t('results.compare', { name: image.name })}
              onClick={() => dispatch({ type: 'compareOpened', imageId: image.id })}
            >
              <Expand aria-hidden="true" focusable="false" size={18} />
            </button>
          </div>
        </>
      ) : (
        <p className="field-hint">{t('results.noResult')}</p>
      )}
      {retouching && image.status === 'enhanced' && (
        <RetouchDialog image={image} onClose={() => setRetouching(false)} />
      )}
    </li>
  );
}

export function ResultsScreen() {
  const actions = useActions();
  const images = useAppState((s) => s.images.filter((i) => i.status === 'enhanced' || i.status === 'error'));
  const loading = useAppState((s) => s.suggestionsLoading);
  const enhanced = images.filter((i) => i.status === 'enhanced');
  return (
    <section className="results" aria-labelledby="results-title" aria-busy={loading}>
      <ScreenHead titleId="results-title" title={t('results.title')} backLabel={t('results.backToModes')} />
      <ul className={images.length === 1 ? 'results__single' : 'results__grid'}>
        {images.map((image) => (
          <ResultCard
            key={image.id}
            image={image}
            onDownload={() => void actions.downloadEnhanced(image.id)}
          />
        ))}
      </ul>
      {enhanced.length > 0 && <DownloadFormatOption />}
      {enhanced.length > 0 && <PortalPresetOption />}
      {loading && (
        <p role="status" className="card">
          {t('suggestions.loading')}
        </p>
      )}
      <div className="sticky-bar">
        <ResetButton label={t('results.startOver')} />
        <div className="sticky-bar__actions">
          {enhanced.length > 1 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void actions.downloadAllEnhanced()}
            >
              {t('results.downloadAll')}
            </button>
          )}
          <button
            type="button"
            className="button button--large"
            onClick={() => void actions.requestSuggestions()}
            disabled={loading || enhanced.length === 0}
          >
            {t('results.more')}
          </button>
        </div>
      </div>
    </section>
  );
}
