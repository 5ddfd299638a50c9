// The durable paid jobs on a real database (SQLite file, or PostgreSQL in server-pg): one charge per key, the
// stored answer on a retry, 409 while it runs, 422 for another body, a fresh run after a refund, and a start that
// refunds the jobs of a dead process but leaves a live one's alone. Two job journals on one database stand for two
// server processes.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors';
import { createPaidJobs, type JobRequest, type PaidJobs } from '../../server/paid/jobs';
import { createLedger, type Ledger } from '../../server/paid/ledger';
import { createLiveness, type LivenessOptions } from '../../server/paid/liveness';
import type { Database } from '../../server/store/db';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { addUser } from './auth.helpers';

let test: TestDatabase;
let db: Database;
let credits: Ledger;
const logger = pino({ level: 'silent' });
const started: PaidJobs[] = [];

beforeEach(async () => {
  test = await openTestDatabase('jobs');
  db = test.db;
  credits = createLedger(db);
  await addUser(db, 'u1');
  await credits.grant({ userId: 'u1', amount: 10, idempotencyKey: 'g', reason: 'test' });
});
afterEach(async () => {
  for (const jobs of started.splice(0)) await jobs.stop();
  await test.close();
});

async function journal(
  options: Pick<LivenessOptions, 'isAlive' | 'now' | 'host' | 'pid'> = {},
): Promise<PaidJobs> {
  const liveness = createLiveness({ db, logger, ...options });
  const jobs = createPaidJobs({
    db,
    ledger: credits,
    liveness,
    logger,
    resultTtlMs: 60_000,
    now: options.now,
  });
  started.push(jobs);
  await jobs.start();
  return jobs;
}

const request = (key: string, fingerprint = 'f', cost = 3): JobRequest => ({
  userId: 'u1',
  idempotencyKey: key,
  scope: 'enhance',
  fingerprint,
  cost,
  reason: 'enhance: test',
});

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'no error';
}

describe('paid jobs', () => {
  it('charges a key once, answers 409 while it runs and the stored answer after', async () => {
    const jobs = await journal();
    const start = await jobs.begin(request('key-1'));
    if (start.kind !== 'run') throw new Error('expected a run');
    expect(await credits.balance('u1')).toBe(7);
    expect(await codeOf(() => jobs.begin(request('key-1')))).toBe('409 REQUEST_IN_PROGRESS');
    expect(await codeOf(() => jobs.begin(request('key-1', 'other body')))).toBe('422 IDEMPOTENCY_KEY_REUSED');
    const answer = await jobs.finish(start.job, { amount: 1, reason: 'image 2 failed' }, (balance) => ({
      status: 200,
      body: { balance },
    }));
    expect(answer).toEqual({ status: 200, body: { balance: 8 } });
    expect(await jobs.begin(request('key-1'))).toEqual({ kind: 'replay', answer });
    expect(await credits.balance('u1')).toBe(8);
    expect(await jobs.counts()).toMatchObject({ done: 1, pending: 0 });
  });

  it('runs a refunded key again with a new charge, once', async () => {
    const jobs = await journal();
    const first = await jobs.begin(request('key-2'));
    if (first.kind !== 'run') throw new Error('expected a run');
    await jobs.refundAll(first.job, 'refunded', 'client went away');
    expect(await credits.balance('u1')).toBe(10);
    const second = await jobs.begin(request('key-2'));
    expect(second.kind).toBe('run');
    expect(await credits.balance('u1')).toBe(7);
  });

  it('refuses 402 without charging or recording when the balance is too low', async () => {
    const jobs = await journal();
    expect(await codeOf(() => jobs.begin(request('key-3', 'f', 11)))).toBe('402 INSUFFICIENT_CREDITS');
    expect(await credits.balance('u1')).toBe(10);
    expect(await jobs.counts()).toMatchObject({ pending: 0, done: 0 });
  });

  it("refunds a dead process's pending job at start and on a retry, but not a live one's", async () => {
    const crashed = await journal();
    const lost = await crashed.begin(request('key-4'));
    expect(lost.kind).toBe('run');
    expect(await credits.balance('u1')).toBe(7);

    // Another live process on the same file leaves the job alone (same pid, fresh heartbeat).
    const sibling = await journal();
    expect(await codeOf(() => sibling.begin(request('key-4')))).toBe('409 REQUEST_IN_PROGRESS');
    expect(await credits.balance('u1')).toBe(7);

    // A restart after kill -9: the owner's pid is gone.
    const restarted = await journal({ isAlive: () => false, now: () => Date.now() + 60_000 });
    expect(await credits.balance('u1')).toBe(10);
    expect(await restarted.counts()).toMatchObject({ pending: 0, refunded: 1 });
    // The retry runs again (charged once more, the first charge having come back).
    expect((await restarted.begin(request('key-4'))).kind).toBe('run');
    expect(await credits.balance('u1')).toBe(7);
  });

  it('judges a boot on another machine by its heartbeat alone, and by its pid on this one', async () => {
    // A process elsewhere (pid 999999 means nothing here) runs key-5; one on this host with that pid runs key-6.
    const remote = await journal({ host: 'other-machine', pid: 999_999 });
    expect((await remote.begin(request('key-5'))).kind).toBe('run');
    const local = await journal({ pid: 999_999 });
    expect((await local.begin(request('key-6'))).kind).toBe('run');
    expect(await credits.balance('u1')).toBe(4);

    // This host finds no process 999999: the local job is refunded, the remote one (fresh heartbeat) is not.
    const here = await journal({ isAlive: () => false });
    expect(await codeOf(() => here.begin(request('key-5')))).toBe('409 REQUEST_IN_PROGRESS');
    expect(await credits.balance('u1')).toBe(7);
    expect(await here.counts()).toMatchObject({ pending: 1, refunded: 1 });

    // Once the remote heartbeat is older than the stale window, its job is refunded too.
    await journal({ now: () => Date.now() + 60_000 });
    expect(await credits.balance('u1')).toBe(10);
    expect(await here.counts()).toMatchObject({ pending: 0, refunded: 2 });
  });
});
