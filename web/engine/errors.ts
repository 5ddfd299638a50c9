// The one error the engine rejects with: an English code for programs and the German sentence for the user.
// Every failure of one photo (too big, unreadable, cancelled, a dead worker) becomes an EngineError, so the
// caller marks that image as failed and the batch goes on.

import { t } from '../i18n/de';

export type EngineErrorCode =
  | 'tooManyPixels'
  | 'unsupported'
  | 'decodeFailed'
  /** A kernel or the encoder failed on this photo (e.g. out of memory); the worker itself is fine. */
  | 'processingFailed'
  | 'cancelled'
  | 'workerCrashed';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: EngineErrorCode;
  /** What to show the user, from web/i18n/de.ts `engine`. */
  readonly germanMessage: string;

  /** `detail` is for logs (the browser's own message, in English); users see `germanMessage`. */
  constructor(code: EngineErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
    this.germanMessage = t(`engine.${code}`);
  }
}

export const isEngineError = (error: unknown): error is EngineError => error instanceof EngineError;
