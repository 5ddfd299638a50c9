import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  isRetryable,
  MAX_BACKOFF_MS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  type RetryFacts,
} from '../../../../web/workflow/outbox/rules';

const facts = (status: number, code: string, retryAfterSeconds: number | null = null): RetryFacts => ({
  status,
  code,
  retryAfterSeconds,
});

describe('isRetryable', () => {
  it.each<[string, RetryFacts, boolean]>([
    ['offline / fetch TypeError', facts(0, 'NETWORK'), true],
    ['cancelled by the user', facts(0, 'ABORTED'), false],
    ['answer of the wrong shape', facts(200, 'INVALID_RESPONSE'), false],
    ['500 internal', facts(500, 'INTERNAL'), true],
    ['502 from our server: the AI failed, credits refunded (final)', facts(502, 'UPSTREAM_FAILED'), false],
    ['502 from a proxy (no JSON body)', facts(502, 'INTERNAL'), true],
    ['503 with Retry-After', facts(503, 'SERVICE_UNAVAILABLE', 30), true],
    ['504 AI timeout', facts(504, 'AI_TIMEOUT'), true],
    ['408 request timeout', facts(408, 'NETWORK'), true],
    ['409 still running: wait, same key', facts(409, 'REQUEST_IN_PROGRESS', 2), true],
    ['409 already processed: final', facts(409, 'ALREADY_PROCESSED'), false],
    ['402 no credits', facts(402, 'INSUFFICIENT_CREDITS'), false],
    ['401 signed out', facts(401, 'UNAUTHENTICATED'), false],
    ['422 key reused with another body', facts(422, 'IDEMPOTENCY_KEY_REUSED'), false],
    ['429 rate limited (a 4xx: not queued)', facts(429, 'RATE_LIMITED', 10), false],
    ['413 too large', facts(413, 'PAYLOAD_TOO_LARGE'), false],
  ])('%s', (_name, input, expected) => {
    expect(isRetryable(input)).toBe(expected);
  });
});

describe('backoffMs', () => {
  it.each<[number, number | null, number]>([
    [1, null, 2_000],
    [2, null, 4_000],
    [3, null, 8_000],
    [0, null, 2_000],
    [30, null, MAX_BACKOFF_MS],
    [1, 0, 0],
    [5, 7, 7_000],
    [1, 100_000, MAX_RETRY_AFTER_MS],
    [2, Number.NaN, 4_000],
    [2, -3, 4_000],
  ])('attempt %d, Retry-After %s -> %d ms', (attempt, retryAfter, expected) => {
    expect(backoffMs(attempt, retryAfter)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['5', 5],
    [' 120 ', 120],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['soon', null],
  ])('%s -> %s', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});
