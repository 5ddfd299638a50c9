// The signal that fires when the client goes away before its answer is sent, so upstream AI calls, downloads and
// image work stop instead of running for nobody.
import type { Response } from 'express';

/** An AbortSignal bound to the response; call `done()` when finished, to drop the listener. */
export function clientSignal(res: Response): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);
  return { signal: controller.signal, done: () => res.off('close', onClose) };
}
