// The outbox's effects against a real store and Dexie database (fake-indexeddb) with a fake server port that
// fails the way a network does: queued jobs survive a restart of the actions, are sent once with their key
// when the connection is back, can be cancelled unsent, and land on their photo with one toast.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODES, modeById } from '../../../../core/catalog/modes';
import { STAGING_MODE_ID } from '../../../../core/catalog/pricing';
import { ApiFailure, type FailureCode } from '../../../../web/api/errors';
import { listOutbox } from '../../../../web/data/db';
import { t } from '../../../../web/i18n/de';
import { currentView } from '../../../../web/workflow/machine';
import { createActions, type ActionDeps } from '../../../../web/workflow/actions';
import type { RetryFacts } from '../../../../web/workflow/outbox/rules';
import { createHarness, jpegBlob, seedModes, type Harness } from '../fakeDeps';

const serverMode = MODES.find((m) => m.runsOn !== 'device' && m.id !== STAGING_MODE_ID)!.id;

/** An API failure as the server's answer makes it (web/api/http.ts), with these retry facts. */
const apiError = (facts: RetryFacts) =>
  new ApiFailure(
    facts.status,
    facts.code as FailureCode,
    `API Fehler (${facts.status})`,
    facts.retryAfterSeconds === null ? {} : { retryAfter: String(facts.retryAfterSeconds) },
  );

/** A server that answers with `plan`'s failures first, then succeeds; counts every call by key. */
function flakyServer(plan: RetryFacts[], online: { value: boolean }) {
  const sent: string[] = [];
  const overrides: Partial<ActionDeps> = {
    isOnline: () => online.value,
    ai: {
      async runServerModes(_signal, { idempotencyKey }) {
        if (!online.value) throw apiError({ status: 0, code: 'NETWORK', retryAfterSeconds: null });
        sent.push(idempotencyKey);
        const next = plan.shift();
        if (next) throw apiError(next);
        return { blob: jpegBlob('server'), description: 'vom Server' };
      },
      async generateSuggestions() {
        if (!online.value) throw apiError({ status: 0, code: 'NETWORK', retryAfterSeconds: null });
        sent.push('suggestions');
        return [
          {
            id: 's1',
            title: 'Licht',
            description: 'Mehr Licht',
            hauptartikelContent: 'Lampe',
            selected: false,
          },
        ];
      },
      implementSuggestions: () => Promise.reject(new Error('not used')),
    },
  };
  return { sent, overrides };
}

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('outbox', () => {
  it('offline: queues the server job with its key, survives a restart, runs once when online, one toast', async () => {
    const online = { value: false };
    const server = flakyServer([], online);
    h = await createHarness(server.overrides);
    await seedModes(h, ['a'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();

    const image = () => h.state().images.find((i) => i.id === 'a')!;
    expect(image().status).toBe('error');
    expect(image().error).toBe(t('outbox.waiting'));
    expect(h.state().notice?.key).toBe('outbox.queued');
    expect(currentView(h.state())).toBe('results');
    const [row] = await listOutbox(h.db);
    expect(row?.id).toMatch(/^key-1:a/);
    expect(server.sent).toEqual([]);

    // A reload: new actions over the same database and store.
    const restarted = createActions(h.deps);
    await restarted.startOutbox();
    expect(restarted.queuedJobs()).toHaveLength(1);
    expect(server.sent).toEqual([]);

    online.value = true;
    await Promise.all([restarted.flushOutbox(), restarted.flushOutbox()]);
    expect(server.sent).toEqual([row!.id]);
    expect(image().status).toBe('enhanced');
    // The delivered photo names the server's work in the server's words, as an answer at once would.
    expect(image().description).toContain(t('results.serverModes', { modes: 'vom Server' }));
    expect(h.state().notice?.key).toBe('outbox.delivered');
    expect(await listOutbox(h.db)).toEqual([]);
    await restarted.flushOutbox();
    expect(server.sent).toHaveLength(1);
  });

  it('a 503 with Retry-After keeps the job and waits as asked; the retry sends the same key', async () => {
    const online = { value: true };
    const server = flakyServer([{ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 0 }], online);
    h = await createHarness(server.overrides);
    await seedModes(h, ['a'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    expect((await listOutbox(h.db))[0]?.attempts).toBe(1);
    await h.actions.flushOutbox();
    expect(server.sent).toHaveLength(2);
    expect(server.sent[0]).toBe(server.sent[1]);
    expect(h.state().images[0]!.status).toBe('enhanced');
  });

  it('a 4xx is not queued: the photo fails with its message', async () => {
    const online = { value: true };
    const server = flakyServer(
      [{ status: 422, code: 'IDEMPOTENCY_KEY_REUSED', retryAfterSeconds: null }],
      online,
    );
    h = await createHarness(server.overrides);
    await seedModes(h, ['a'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    expect(await listOutbox(h.db)).toEqual([]);
    // Named with its mode: the photo says which mode failed and why.
    expect(h.state().images[0]!.error).toBe(`${modeById(serverMode)!.name} – API Fehler (422)`);
  });

  it('cancel: the job leaves the queue unsent and the photo can run again', async () => {
    const online = { value: false };
    const server = flakyServer([], online);
    h = await createHarness(server.overrides);
    await seedModes(h, ['a'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    const [job] = h.actions.queuedJobs();
    expect(await h.actions.cancelQueued(job!.id)).toBe(true);
    online.value = true;
    await h.actions.flushOutbox();
    expect(server.sent).toEqual([]);
    expect(h.state().images[0]!.status).toBe('uploaded');
    expect(await listOutbox(h.db)).toEqual([]);
  });

  it('a full disk when the answer arrives keeps the job queued and says so; the retry lands it', async () => {
    const online = { value: false };
    const server = flakyServer([], online);
    h = await createHarness(server.overrides);
    await seedModes(h, ['a'], [serverMode]);
    h.store.dispatch({ type: 'creditsLoaded', credits: 50 });
    await h.actions.apply();
    online.value = true;
    vi.spyOn(h.db.results, 'put').mockRejectedValueOnce(new DOMException('voll', 'QuotaExceededError'));
    await h.actions.flushOutbox();
    expect(h.state().notice?.key).toBe('app.storageFull');
    expect(await listOutbox(h.db)).toHaveLength(1);
    await h.actions.flushOutbox();
    expect(await listOutbox(h.db)).toEqual([]);
    expect(h.state().images[0]!.status).toBe('enhanced');
    // Both sends carried the same key: the server answers the second from its store, without a charge.
    expect(new Set(server.sent).size).toBe(1);
  });
});
