// The parts of the German error catalogue (web/api/errors.ts) that the calls do not show on their own: how one
// failed image of a batch is worded, with the status its code stands for and the refund note.
import { describe, expect, it } from 'vitest';
import type { ApiErrorCode } from '../../../core/contract/errors';
import { failureMessage, imageFailure } from '../../../web/api/errors';
import { t } from '../../../web/i18n/de';

describe('#imageFailure', () => {
  it.each<[ApiErrorCode, number]>([
    ['UPSTREAM_FAILED', 502],
    ['AI_BUSY', 503],
    ['AI_TIMEOUT', 504],
    ['AI_REFUSED', 422],
    ['INTERNAL', 500],
    ['IMAGE_UNREADABLE', 415],
    ['INVALID_REQUEST', 400],
  ])('%s stands for status %i', (code, status) => {
    const failure = imageFailure({ code, error: 'english detail' }, false);
    expect(failure).toMatchObject({ code, status, details: { error: 'english detail' } });
    expect(failure.message).toBe(failureMessage(status, code));
    expect(failure.message).not.toContain('english detail');
  });

  it('says the credits came back only when they did', () => {
    const refunded = imageFailure({ code: 'AI_BUSY', error: 'x' }, true);
    const kept = imageFailure({ code: 'AI_BUSY', error: 'x' }, false);
    expect(refunded.message).toBe(`${kept.message} ${t('errors.refunded')}`);
    expect(refunded.details.creditsRefunded).toBe(true);
    expect(kept.details.creditsRefunded).toBeUndefined();
  });
});
