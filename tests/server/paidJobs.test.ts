// The durable paid jobs on a real SQLite file: one charge per key, the stored answer on a retry, 409 while it
// runs, 422 for another body, a fresh run after a refund, and a start that refunds the jobs of a dead process
// but leaves a live one's alone. Two job journals on one file stand for two server processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors';
import { createCreditsService, type CreditsService } from '../../server/services/credits';
import { createPaidJobs, type JobRequest, type PaidJobs } from '../../server/services/paidJobs';
import { openDatabase, type Db } from '../../server/store/db';
import { addUser } from './auth.helpers';

let dir: string;
let db: Db;
let credits: CreditsService;
const logger = pino({ level: 'silent' });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'raumglanz-jobs-'));
  db = openDatabase(join(dir, 'app.db'));
  credits = createCreditsService(db);
  addUser(db, 'u1');
  credits.grant({ userId: 'u1', amount: 10, idempotencyKey: 'g', reason: 'test' });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function journal(options: { isAlive?: (pid: number) => boolean; now?: () => number } = {}): PaidJobs {
  const jobs = createPaidJobs({ db, credits, logger, resultTtlMs: 60_000, ...options });
  jobs.start();
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

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'no error';
}

describe('paid jobs', () => {
  it('charges a key once, answers 409 while it runs and the stored answer after', () => {
    const jobs = journal();
    const start = jobs.begin(request('key-1'));
    if (start.kind !== 'run') throw new Error('expected a run');
    expect(credits.balance('u1')).toBe(7);
    expect(codeOf(() => jobs.begin(request('key-1')))).toBe('409 REQUEST_IN_PROGRESS');
    expect(codeOf(() => jobs.begin(request('key-1', 'other body')))).toBe('422 IDEMPOTENCY_KEY_REUSED');
    const answer = jobs.finish(start.job, { amount: 1, reason: 'image 2 failed' }, (balance) => ({
      status: 200,
      body: { balance },
    }));
    expect(answer).toEqual({ status: 200, body: { balance: 8 } });
    expect(jobs.begin(request('key-1'))).toEqual({ kind: 'replay', answer });
    expect(credits.balance('u1')).toBe(8);
    expect(jobs.counts()).toMatchObject({ done: 1, pending: 0 });
  });

  it('runs a refunded key again with a new charge, once', () => {
    const jobs = journal();
    const first = jobs.begin(request('key-2'));
    if (first.kind !== 'run') throw new Error('expected a run');
    jobs.refundAll(first.job, 'refunded', 'client went away');
    expect(credits.balance('u1')).toBe(10);
    const second = jobs.begin(request('key-2'));
    expect(second.kind).toBe('run');
    expect(credits.balance('u1')).toBe(7);
  });

  it('refuses 402 without charging or recording when the balance is too low', () => {
    const jobs = journal();
    expect(codeOf(() => jobs.begin(request('key-3', 'f', 11)))).toBe('402 INSUFFICIENT_CREDITS');
    expect(credits.balance('u1')).toBe(10);
    expect(jobs.counts()).toMatchObject({ pending: 0, done: 0 });
  });

  it("refunds a dead process's pending job at start and on a retry, but not a live one's", () => {
    const crashed = journal();
    const lost = crashed.begin(request('key-4'));
    expect(lost.kind).toBe('run');
    expect(credits.balance('u1')).toBe(7);

    // Another live process on the same file leaves the job alone (same pid, fresh heartbeat).
    const sibling = journal();
    expect(codeOf(() => sibling.begin(request('key-4')))).toBe('409 REQUEST_IN_PROGRESS');
    expect(credits.balance('u1')).toBe(7);

    // A restart after kill -9: the owner's pid is gone.
    const restarted = journal({ isAlive: () => false, now: () => Date.now() + 60_000 });
    expect(credits.balance('u1')).toBe(10);
    expect(restarted.counts()).toMatchObject({ pending: 0, refunded: 1 });
    // The retry runs again (charged once more, the first charge having come back).
    expect(restarted.begin(request('key-4')).kind).toBe('run');
    expect(credits.balance('u1')).toBe(7);
  });
});
