// The outbox as the user sees it: the jobs waiting for the connection, each with 'Abbrechen', shown above every
// view while any wait. It also starts the sending: on the app's start, on the `online` event and when the
// service worker's Background Sync (public/sw-outbox.js) asks an open tab to send.

import { useEffect, useSyncExternalStore } from 'react';
import { t } from '../i18n/de';
import { useActions, useAppState } from '../services/context';
import type { WorkflowState } from '../workflow/machine';

/** The message public/sw-outbox.js posts to open tabs on a Background Sync. */
const FLUSH_MESSAGE = 'raumglanz-outbox-flush';

const selectImages = (state: WorkflowState) => state.images;

function useOutboxTriggers(): void {
  const { startOutbox, flushOutbox } = useActions();
  useEffect(() => {
    void startOutbox();
    const flush = () => void flushOutbox();
    const onMessage = (event: MessageEvent<unknown>) => {
      if ((event.data as { type?: unknown } | null)?.type === FLUSH_MESSAGE) flush();
    };
    window.addEventListener('online', flush);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', flush);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [startOutbox, flushOutbox]);
}

export function OutboxPanel() {
  const { queuedJobs, watchOutbox, cancelQueued } = useActions();
  useOutboxTriggers();
  const jobs = useSyncExternalStore(watchOutbox, queuedJobs, queuedJobs);
  const images = useAppState(selectImages);
  if (jobs.length === 0) return null;
  const names = new Map(images.map((image) => [image.id, image.name]));
  return (
    <section className="outbox card" aria-label={t('outbox.panelTitle')} data-testid="outbox">
      {/* Not a heading: the screens' own h2 stays the first on the page. */}
      <p className="outbox__title">
        <strong>
          {t('outbox.panelTitle')}: {t('outbox.waiting')}
        </strong>
      </p>
      <p>{t('outbox.panelHint')}</p>
      <ul>
        {jobs.map((job) => (
          <li key={job.id} data-testid="outbox-job">
            <span>
              {job.kind === 'enhance'
                ? t('outbox.jobEnhance', { name: names.get(job.imageIds[0] ?? '') ?? '' })
                : t('outbox.jobSuggestions', { count: job.imageIds.length })}
            </span>{' '}
            {job.sending ? (
              <span role="status">{t('outbox.sending')}</span>
            ) : (
              <button type="button" className="btn btn--secondary" onClick={() => void cancelQueued(job.id)}>
                {t('outbox.cancel')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
