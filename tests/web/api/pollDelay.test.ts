// The wait before each poll of a queued paid job (web/api/pollDelay.ts): the server's Retry-After wins within a
// cap, else a backoff from half a second that stops growing at five.
import { describe, expect, it } from 'vitest';
import { MAX_POLL_DELAY_MS, MAX_POLL_RETRY_AFTER_MS, pollDelayMs } from '../../../web/api/pollDelay';

describe('#pollDelayMs', () => {
  it.each<[number, string | null, number]>([
    [1, null, 500],
    [2, null, 800],
    [3, null, 1280],
    [5, null, 3277],
    [6, null, MAX_POLL_DELAY_MS],
    [40, null, MAX_POLL_DELAY_MS],
    [0, null, 500],
    [1, '0', 0],
    [1, '2', 2000],
    [9, ' 3 ', 3000],
    [1, '3600', MAX_POLL_RETRY_AFTER_MS],
    [2, 'Wed, 21 Oct 2015 07:28:00 GMT', 800],
    [1, '-1', 500],
    [1, '', 500],
  ])('attempt %i, Retry-After %j -> %i ms', (attempt, retryAfter, expected) => {
    expect(pollDelayMs(attempt, retryAfter)).toBe(expected);
  });
});
