// The load test's small twin (bench/loadtest.ts has the figures): server replicas and queue workers on one
// PostgreSQL database, concurrent paid calls on one account whose credits pay for only part of them, spread over
// the replicas, one worker killed with kill -9 mid-run. Whatever the timing, the ledger stays exact: every call
// gets its final answer, no job is charged twice or left pending, no balance goes below 0, and the credits
// delivered plus the balance are the credits the account started with. Runs in the server-pg project only.
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../helpers/postgres';
import { LOAD_MODE_CREDITS, runQueueLoad } from '../helpers/queueLoad';
import { postgresAdminUrl } from '../helpers/testDatabase';

describe('the queue under concurrent paid calls with a worker killed', () => {
  it('keeps the ledger exact', { timeout: 300_000 }, async () => {
    if (!postgresAdminUrl) throw new Error('the queue tests run in the server-pg project');
    const requests = 24;
    const credits = 30; // pays for 15 of the 24 calls
    const figures = await runQueueLoad({
      databaseUrl: await createDatabase(postgresAdminUrl, 'load'),
      servers: 2,
      workers: 2,
      requests,
      credits,
      killAfterShare: 0.2,
      photoSide: 256,
    });
    expect(figures.workerKilledAfterResults).toBeGreaterThan(0);
    expect(figures.statuses).toEqual({
      '200': credits / LOAD_MODE_CREDITS,
      '402': requests - credits / LOAD_MODE_CREDITS,
    });
    expect(figures.pendingJobs).toBe(0);
    expect(figures.audit).toMatchObject({
      paidJobs: credits / LOAD_MODE_CREDITS,
      states: { done: credits / LOAD_MODE_CREDITS },
      charges: credits / LOAD_MODE_CREDITS,
      wrongNet: 0,
      overRefunded: 0,
      negativeBalances: 0,
    });
    expect(figures.negativeBalanceAnswers).toBe(0);
    expect(figures.creditsDelivered).toBe(credits);
    expect(figures.finalBalance).toBe(0);
    expect(figures.creditsUnaccounted).toBe(0);
  });
});
