// The processing view: overall progress, a tip that changes every 4 seconds, the remaining time counting down
// every second, one status card per photo and 'x von n Bildern fertig'.

import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, TIP_ROTATION_MS } from '../../../core/catalog/limits';
import { useActions, useAppState, usePreview } from '../../services/context';
import { de, t, type MessageKey } from '../../i18n/de';
import { doneCount, type ImageItem, type ImageStatus } from '../../workflow/machine';
import { formatRemaining, remainingSeconds } from './formatRemaining';

const STATUS_KEYS: Record<ImageStatus, MessageKey> = {
  uploaded: 'processing.statusPending',
  pending: 'processing.statusPending',
  enhancing: 'processing.statusEnhancing',
  enhanced: 'processing.statusEnhanced',
  error: 'processing.statusError',
};

function StatusCard({ image }: { image: ImageItem }) {
  const url = usePreview(image.id);
  return (
    <li className={`status-card status-card--${image.status}`}>
      {url && <img src={url} alt="" />}
      <span className="status-card__name">{image.name}</span>
      <span className="status-card__status">
        {/* A photo whose one mode failed alone kept the rest: 'Fertig, nicht alles angewendet: Hotelbett – …'. */}
        {t(
          image.status === 'enhanced' && image.error ? 'processing.statusPartly' : STATUS_KEYS[image.status],
        )}
        {(image.status === 'error' || image.status === 'enhanced') && image.error ? `: ${image.error}` : ''}
      </span>
    </li>
  );
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** When the count of finished images last went up, so the estimate can count down from that moment. */
function useFinishedAt(finished: number): number | undefined {
  const [mark, setMark] = useState<{ finished: number; at: number | undefined }>({
    finished,
    at: undefined,
  });
  if (mark.finished !== finished) {
    // Adjusting state while rendering (React's pattern for state derived from a changed prop).
    setMark({ finished, at: Date.now() });
  }
  return mark.at;
}

export function ProcessingScreen() {
  const { cancel } = useActions();
  const images = useAppState((s) => s.images);
  const batch = useAppState((s) => s.batch);
  const finished = useAppState(doneCount);
  const now = useNow(COUNTDOWN_TICK_MS);
  const [tip, setTip] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTip((i) => (i + 1) % de.processing.tips.length), TIP_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);

  const lastFinishedAt = useFinishedAt(finished);

  const total = batch?.total ?? images.length;
  const percent = total > 0 ? Math.round((finished / total) * 100) : 0;
  const inBatch = images.filter((image) => image.status !== 'uploaded' || !batch);
  const photos = inBatch.map((image) => ({
    pixels: image.pixels,
    finished: image.status === 'enhanced' || image.status === 'error',
  }));
  const remaining = formatRemaining(
    batch ? remainingSeconds(photos, batch.startedAt, now, lastFinishedAt) : 0,
  );

  return (
    <section className="card processing" aria-labelledby="processing-title" aria-busy="true">
      <h2 id="processing-title">{t('processing.title')}</h2>
      <div
        className="steps__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('processing.title')}
      >
        <div className="steps__fill" style={{ width: `${Math.max(5, percent)}%` }} />
      </div>
      <p role="status" className="processing__count">
        {t('processing.done', { done: finished, total })}
        {' · '}
        {remaining.kind === 'almostDone'
          ? t('processing.almostDone')
          : t('processing.remaining', {
              time:
                remaining.kind === 'seconds'
                  ? t('processing.seconds', { n: remaining.n })
                  : t('processing.minutes', { time: remaining.time }),
            })}
      </p>
      <p className="processing__tip" aria-live="off">
        {de.processing.tips[tip]}
      </p>
      <ul className="status-cards">
        {inBatch.map((image) => (
          <StatusCard key={image.id} image={image} />
        ))}
      </ul>
      <button type="button" className="button button--ghost" onClick={cancel}>
        {t('processing.cancel')}
      </button>
    </section>
  );
}
