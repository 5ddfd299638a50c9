// The ledger under real concurrency: 200 charges of 1 credit against an account holding 50, fired at once
// from four processes on the same database (one SQLite file; or one PostgreSQL database in server-pg), and again
// as 200 simultaneous HTTP requests. Exactly 50 may succeed, the balance must end at 0, and no prefix of the
// ledger may ever sum below 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../core/contract/errors';
import { getUserId } from '../../server/auth/session';
import { jsonBody, SMALL_JSON_LIMIT } from '../../server/middleware/jsonBody';
import { requireUser } from '../../server/middleware/requireUser';
import { createLedger, insufficientCreditsError, type Ledger } from '../../server/paid/ledger';
import type { Database } from '../../server/store/db';
import { startTestServer, type TestServer } from '../helpers/startServer';
import { onPostgres, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { addUser, signUp } from './auth.helpers';

const WORKER = join(import.meta.dirname, 'credits.worker.ts');
const PROCESSES = 4;
const CHARGES = 200;
const BALANCE = 50;

/** The running sum of a user's ledger in write order, lowest point included. */
async function lowestRunningBalance(db: Database, userId: string): Promise<number> {
  const amounts = await createLedger(db).entriesOf(userId);
  let sum = 0;
  let lowest = 0;
  for (const { amount } of amounts) {
    sum += amount;
    lowest = Math.min(lowest, sum);
  }
  return lowest;
}

interface WorkerReport {
  ok: number;
  refused: number;
  lowestBalanceSeen: number;
  ms: number;
  /** Epoch milliseconds (fractional) when the process began and finished its charges. */
  startedAt: number;
  endedAt: number;
}

function startWorker(args: string[]): {
  child: ChildProcess;
  ready: Promise<void>;
  report: Promise<WorkerReport>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await iterator.next();
    if (done) throw new Error(`worker ended early: ${stderr}`);
    return value as string;
  };
  const ready = next().then((line) => expect(line).toBe('ready'));
  const report = ready.then(async () => JSON.parse(await next()) as WorkerReport);
  return { child, ready, report };
}

describe(`charges from four processes at once on one ${onPostgres ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await openTestDatabase('concurrency');
    db = test.db;
  });
  afterAll(async () => {
    await test.close();
  });

  it(`lets exactly ${BALANCE} of ${CHARGES} succeed and never overdraws`, async () => {
    const userId = await addUser(db, 'racer');
    await createLedger(db).grant({
      userId,
      amount: BALANCE,
      idempotencyKey: 'signup:racer',
      reason: 'signup',
    });

    const perProcess = CHARGES / PROCESSES;
    const workers = Array.from({ length: PROCESSES }, (_, i) =>
      startWorker([test.location, userId, String(perProcess), `p${i}`]),
    );
    await Promise.all(workers.map((w) => w.ready));
    const startAt = Date.now() + 100;
    for (const w of workers) w.child.stdin!.end(`${startAt}\n`);
    const reports = await Promise.all(workers.map((w) => w.report));
    const elapsedMs =
      Math.max(...reports.map((r) => r.endedAt)) - Math.min(...reports.map((r) => r.startedAt));

    const ok = reports.reduce((sum, r) => sum + r.ok, 0);
    const refused = reports.reduce((sum, r) => sum + r.refused, 0);
    const balance = await createLedger(db).balance(userId);
    console.info(
      `ledger concurrency (${PROCESSES} processes): ${ok} ok, ${refused} refused, final balance ${balance}, ` +
        `${elapsedMs.toFixed(1)} ms from first start to last end; per process ${reports.map((r) => `${r.ok} ok/${r.ms.toFixed(1)} ms`).join(', ')}`,
    );
    expect(ok).toBe(BALANCE);
    expect(refused).toBe(CHARGES - BALANCE);
    expect(balance).toBe(0);
    expect(Math.min(...reports.map((r) => r.lowestBalanceSeen))).toBe(0);
    expect(await lowestRunningBalance(db, userId)).toBe(0);
    // The race was real: the processes were charging at the same time, not one after another.
    const overlapping = reports.filter((r) =>
      reports.some((o) => o !== r && r.startedAt < o.endedAt && o.startedAt < r.endedAt),
    );
    expect(overlapping.length).toBeGreaterThanOrEqual(2);
    expect(reports.filter((r) => r.ok > 0).length).toBeGreaterThanOrEqual(2);
  });
});

describe('charges as simultaneous HTTP requests', () => {
  let server: TestServer;

  let credits: Ledger;

  beforeAll(async () => {
    // A test-only paid route, charging the way the AI routes do; production never mounts it (deps.routers).
    const probe = Router();
    probe.post('/test/charge', requireUser(getUserId), jsonBody(SMALL_JSON_LIMIT), async (req, res) => {
      const userId = String(res.locals.userId);
      const key = String((req.body as { key?: unknown }).key);
      const result = await credits.charge({
        userId,
        amount: 1,
        idempotencyKey: `test:${userId}:${key}`,
        reason: 'probe',
      });
      if (!result.ok) throw insufficientCreditsError(result.needed, result.balance);
      res.json(result);
    });
    server = await startTestServer({ env: { STARTING_CREDITS: BALANCE }, deps: { routers: [probe] } });
    credits = createLedger(server.db);
  });
  afterAll(async () => {
    await server.close();
  });

  it(`answers exactly ${BALANCE} with 200 and the rest with 402 INSUFFICIENT_CREDITS`, async () => {
    const account = await signUp(server);
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: CHARGES }, (_, i) =>
        fetch(`${server.url}/api/test/charge`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: account.cookie, origin: server.url },
          body: JSON.stringify({ key: `job-${i}` }),
        }),
      ),
    );
    const elapsedMs = performance.now() - started;
    const statuses = responses.map((r) => r.status);
    const refusedBodies = await Promise.all(responses.filter((r) => r.status === 402).map((r) => r.json()));
    await Promise.all(responses.filter((r) => r.status !== 402).map((r) => r.arrayBuffer()));
    const balance = await credits.balance(account.userId);
    console.info(
      `ledger concurrency (HTTP): ${statuses.filter((s) => s === 200).length} ok, ${refusedBodies.length} refused, ` +
        `final balance ${balance}, ${elapsedMs.toFixed(0)} ms`,
    );

    expect(statuses.filter((s) => s === 200)).toHaveLength(BALANCE);
    expect(statuses.filter((s) => s === 402)).toHaveLength(CHARGES - BALANCE);
    for (const body of refusedBodies) {
      expect(ApiErrorBody.parse(body)).toEqual({
        error: 'Insufficient credits',
        code: 'INSUFFICIENT_CREDITS',
        details: { creditsNeeded: 1, credits: 0 },
      });
    }
    expect(balance).toBe(0);
    expect(await lowestRunningBalance(server.db, account.userId)).toBe(0);
  });

  it('charges a repeated request (same idempotency key) once', async () => {
    const account = await signUp(server);
    const send = () =>
      fetch(`${server.url}/api/test/charge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: account.cookie, origin: server.url },
        body: JSON.stringify({ key: 'same-job' }),
      }).then((r) => r.json() as Promise<{ balance: number; replayed: boolean; entryId: string }>);
    const [a, b, c] = await Promise.all([send(), send(), send()]);
    expect([a, b, c].filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set([a.entryId, b.entryId, c.entryId]).size).toBe(1);
    expect(await credits.balance(account.userId)).toBe(BALANCE - 1);
  });
});
