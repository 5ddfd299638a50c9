// The workflow's reading of a failed call: what it does about it (classify) and what the outbox's retry rules
// learn from it (retryFacts), for the engine's and the API's failures alike.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../web/api/errors';
import { EngineError } from '../../../web/engine/errors';
import { classify, retryFacts } from '../../../web/workflow/actions/failure';

const api = (status: number, code: ConstructorParameters<typeof ApiFailure>[1], details = {}) =>
  new ApiFailure(status, code, `API ${code}`, details);

describe('#classify', () => {
  it.each([
    ['a cancelled engine job', new EngineError('cancelled'), { kind: 'cancelled' }],
    ['an aborted call', api(0, 'ABORTED'), { kind: 'cancelled' }],
    ['an aborted fetch', new DOMException('stop', 'AbortError'), { kind: 'cancelled' }],
    [
      'the server out of credits',
      api(402, 'INSUFFICIENT_CREDITS', { creditsNeeded: 4, credits: 1 }),
      { kind: 'insufficientCredits', needed: 4, current: 1 },
    ],
    ['the staging redirect', api(409, 'VIRTUAL_STAGING_REDIRECT'), { kind: 'stagingRedirect' }],
    ['a lost session', api(401, 'UNAUTHENTICATED'), { kind: 'unauthenticated' }],
    [
      'modes the server cannot run',
      api(422, 'AI_UNAVAILABLE', { modeIds: ['declutter'] }),
      { kind: 'failed', message: 'API AI_UNAVAILABLE', refusedModeIds: ['declutter'] },
    ],
    ['any other error', new Error('kaputt'), { kind: 'failed', message: 'kaputt' }],
  ])('%s', (_name, error, expected) => {
    expect(classify(error)).toEqual(expected);
  });

  it("words an engine failure in German, the engine's own sentence", () => {
    const error = new EngineError('decodeFailed', 'bad huffman table');
    expect(classify(error)).toEqual({ kind: 'failed', message: error.germanMessage });
  });
});

describe('#retryFacts', () => {
  it("reads status, code and the server's Retry-After from an API failure", () => {
    expect(retryFacts(api(503, 'SERVICE_UNAVAILABLE', { retryAfter: '30' }))).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 30,
    });
    expect(retryFacts(api(0, 'NETWORK'))).toEqual({ status: 0, code: 'NETWORK', retryAfterSeconds: null });
  });

  it('has none for anything but an API failure: the engine and bugs are never retried', () => {
    expect(retryFacts(new EngineError('workerCrashed'))).toBeNull();
    expect(retryFacts(new Error('bug'))).toBeNull();
  });
});
