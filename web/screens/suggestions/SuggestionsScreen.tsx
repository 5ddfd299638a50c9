// 'Unsere Verbesserungsvorschläge': tabs per photo ('Bild n') and 'Alle Vorschläge', suggestions to tick with a
// link to matching products (tips the server cannot carry out are shown without a tick box), an optional own
// suggestion, and 'Vorschläge umsetzen' with its progress photo by photo.

import { useState, type KeyboardEvent } from 'react';
import { shopSearchUrl } from '../../../core/text/shopLink';
import { useActions, useAppState, useDispatch } from '../../services/context';
import { t } from '../../i18n/de';
import { suggestionSourceImages } from '../../workflow/machine';
import { ScreenHead } from '../../components/ScreenHead';

/** 'Vorschläge werden umgesetzt…' and, once the first photo is sent, 'Foto n von m' with its bar. */
function ImplementProgress() {
  const progress = useAppState((s) => s.implementProgress);
  const done = progress ? progress.current - 1 : 0;
  const percent = progress ? Math.round((done / progress.total) * 100) : 0;
  return (
    <div className="implement-progress">
      <p role="status">
        {progress && (
          <span className="implement-progress__count">
            {t('suggestions.progress', { n: progress.current, total: progress.total })}
          </span>
        )}{' '}
        {t('suggestions.implementing')}
      </p>
      {progress && (
        <div
          className="steps__bar"
          role="progressbar"
          aria-label={t('suggestions.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={done}
          aria-valuetext={t('suggestions.progressValue', { n: progress.current, total: progress.total })}
        >
          <div className="steps__fill" style={{ width: `${Math.max(5, percent)}%` }} />
        </div>
      )}
    </div>
  );
}

export function SuggestionsScreen() {
  const { implement } = useActions();
  const dispatch = useDispatch();
  const suggestions = useAppState((s) => s.suggestions);
  const sources = useAppState(suggestionSourceImages);
  const custom = useAppState((s) => s.customSuggestion);
  const implementing = useAppState((s) => s.implementing);
  const [tab, setTab] = useState<string>('all');

  const tabs = [{ id: 'all', label: t('suggestions.all') }].concat(
    sources.map((image, i) => ({ id: image.id, label: t('suggestions.image', { n: i + 1 }) })),
  );
  const shown = tab === 'all' ? suggestions : suggestions.filter((s) => !s.imageId || s.imageId === tab);
  // Under 'Alle Vorschläge' the same suggestion may come once per photo: each says which photo it is for.
  const photoOf = (imageId: string | undefined) => {
    const n = sources.findIndex((image) => image.id === imageId);
    return tab === 'all' && n >= 0 ? t('suggestions.forImage', { n: n + 1, name: sources[n]!.name }) : null;
  };

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((x) => x.id === tab);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  return (
    <section className="suggestions" aria-labelledby="suggestions-title" aria-busy={implementing}>
      <ScreenHead
        titleId="suggestions-title"
        title={t('suggestions.title')}
        backLabel={t('suggestions.back')}
        backDisabled={implementing}
      />
      <div className="tabs" role="tablist" aria-label={t('suggestions.tabs')} onKeyDown={onTabKey}>
        {tabs.map((x) => (
          <button
            key={x.id}
            id={`tab-${x.id}`}
            type="button"
            role="tab"
            aria-selected={tab === x.id}
            aria-controls="suggestions-panel"
            tabIndex={tab === x.id ? 0 : -1}
            onClick={() => setTab(x.id)}
          >
            {x.label}
          </button>
        ))}
      </div>
      <div id="suggestions-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="card">
        {shown.length === 0 && <p>{t('suggestions.none')}</p>}
        <ul className="suggestion-list">
          {shown.map((s) => {
            const shop = shopSearchUrl(s.hauptartikelContent);
            const photo = photoOf(s.imageId);
            const text = (
              <span>
                {photo && <span className="pill suggestion__photo">{photo}</span>}{' '}
                {s.tipOnly && <span className="pill pill--accent">{t('suggestions.tip')}</span>}{' '}
                <strong>{s.title}</strong>
                <span className="suggestion__description">{s.description}</span>
              </span>
            );
            return (
              <li key={s.id} className={s.tipOnly ? 'suggestion suggestion--tip' : 'suggestion'}>
                {s.tipOnly ? (
                  // A tip this server cannot put into the photo: no tick box, so it is never promised.
                  <div className="suggestion__tip">
                    {text}
                    <span className="field-hint">{t('suggestions.tipHint')}</span>
                  </div>
                ) : (
                  <label>
                    <input
                      type="checkbox"
                      checked={s.selected}
                      disabled={implementing}
                      onChange={() => dispatch({ type: 'suggestionToggled', suggestionId: s.id })}
                    />
                    {text}
                  </label>
                )}
                {shop && (
                  <a href={shop} target="_blank" rel="noopener noreferrer sponsored">
                    {t('suggestions.shop')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        <label className="custom-suggestion">
          <span>{t('suggestions.customLabel')}</span>
          <textarea
            value={custom}
            rows={2}
            placeholder={t('suggestions.customPlaceholder')}
            disabled={implementing}
            onChange={(e) => dispatch({ type: 'customSuggestionChanged', text: e.target.value })}
          />
        </label>
      </div>
      <div className="sticky-bar">
        {implementing ? <ImplementProgress /> : <span />}
        <button
          type="button"
          className="button button--large"
          onClick={() => void implement()}
          disabled={implementing}
        >
          {t('suggestions.apply')}
        </button>
      </div>
    </section>
  );
}
