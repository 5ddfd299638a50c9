// The retouch brush's engine as the app sees it: retouch(signal, job) fills the painted strokes of a photo in a
// worker of its own (retouchWorker.ts), started for the job and ended after it or when the signal aborts. A
// separate worker, not the enhancement pool: a retouch is one photo on the user's command, never a batch.
import { wrap } from 'comlink';
import { EngineError } from './errors';
import type { RetouchJob, RetouchWorkerApi } from './retouchJob';

interface RetouchResult {
  blob: Blob;
  /** German, e.g. 'Retuschiert: 2 markierte Stellen'. */
  description: string;
}

export async function retouchInWorker(signal: AbortSignal, job: RetouchJob): Promise<RetouchResult> {
  if (signal.aborted) throw new EngineError('cancelled', 'retouch cancelled');
  const worker = new Worker(new URL('./retouchWorker.ts', import.meta.url), {
    type: 'module',
    name: 'raumglanz-retusche',
  });
  try {
    const crashed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        reject(new EngineError('workerCrashed', event.message || 'the retouch worker failed'));
      });
      signal.addEventListener('abort', () => reject(new EngineError('cancelled', 'retouch cancelled')), {
        once: true,
      });
    });
    const outcome = await Promise.race([wrap<RetouchWorkerApi>(worker).retouch(job), crashed]);
    if (!outcome.ok) throw new EngineError('processingFailed', outcome.detail);
    return { blob: outcome.blob, description: outcome.description };
  } finally {
    worker.terminate();
  }
}
