// A bounded load run of the PostgreSQL deployment on loopback, shared by the load test (bench/loadtest.ts, the
// figures) and its small twin in the test suite (tests/server/queue.load.test.ts, the invariants): server
// replicas and queue workers on one database (queueCluster.ts), many concurrent paid calls on one account
// spread over the replicas, each followed like the web client does (a 503 sent again with its key after the
// Retry-After, a 202 polled until its answer), one
// worker killed with kill -9 once part of the calls are answered, GET /api/health probed all along from a
// process of its own. Afterwards the ledger is audited (auditLedger) and the queue's retries counted.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { JOB_QUEUED_STATUS, jobPath, QueuedJobBody } from '../../core/contract/jobs';
import { auditLedger, startQueueCluster, type LedgerAudit } from './queueCluster';

const FIXTURES = resolve(import.meta.dirname, '../../../shared/fixtures/rooms');
/** A living room where the builtin removal finds and removes a cup, a bowl and a book: a charge that sticks. */
const CLUTTERED = resolve(FIXTURES, 'living_room/Places365_val_00005291.jpg');
/** The paid builtin mode the calls ask for (2 credits): detector and fill, the real work of the builtin provider. */
export const LOAD_MODE = 'declutter';
export const LOAD_MODE_CREDITS = 2;

export interface LoadOptions {
  databaseUrl: string;
  servers: number;
  workers: number;
  requests: number;
  /** The account's starting credits; fewer than the calls need, so some are refused with 402. */
  credits: number;
  /** Kill one worker once this share of the calls the credits pay for has delivered its result (0..1). */
  killAfterShare: number;
  /** The photo's long side in pixels (the builtin work grows with it). */
  photoSide: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface CallOutcome {
  /** The final status: 200, or the error status of the call (402, ...); 0 when no answer came. */
  status: number;
  /** From the POST to the final answer, ms. */
  ms: number;
  /** The first answer was 202 (the job outlasted the server's wait) and the poll brought the answer. */
  polled: boolean;
  /** Sends again with the same key after a 503 (the server's image queue was full) or a 409. */
  resends: number;
  creditsCharged: number;
  /** The balance the answer reported (null when none). */
  balance: number | null;
}

export interface LoadFigures {
  requests: number;
  servers: number;
  workers: number;
  statuses: Record<string, number>;
  polled: number;
  /** Sends again with the same key after a 503 or 409, over all calls. */
  resends: number;
  charges: number;
  creditsCharged: number;
  refunds: number;
  creditsRefunded: number;
  creditsDelivered: number;
  startingCredits: number;
  finalBalance: number;
  paidP50Ms: number;
  paidP99Ms: number;
  allP50Ms: number;
  allP99Ms: number;
  jobsRetried: number;
  /** How many results had been delivered when the worker was killed. */
  workerKilledAfterResults: number;
  healthSamples: number;
  healthP50Ms: number;
  healthP99Ms: number;
  healthFailures: number;
  durationMs: number;
  audit: LedgerAudit;
  /** Any answer that reported a balance below 0. */
  negativeBalanceAnswers: number;
  /** Credits start - delivered charges - final balance: must be 0 (nothing lost, nothing given away). */
  creditsUnaccounted: number;
  /** Paid jobs still pending after the run. */
  pendingJobs: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Last',
      email: `load-${Date.now()}@example.com`,
      password: 'last-passwort-1',
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** Answers a client sends again with the same key, after the server's Retry-After (the web outbox does). */
const RETRIED_STATUSES = new Set([409, 503]);
const MAX_SENDS = 60;

/**
 * One paid call as the web client makes it: POST with its Idempotency-Key (sent again with the same key after a
 * 503 or 409, as the outbox does), then a 202 is polled until the job's answer.
 */
async function paidCall(url: string, cookie: string, key: string, photo: Buffer): Promise<CallOutcome> {
  const started = performance.now();
  const failed = (polled: boolean, resends: number): CallOutcome => ({
    status: 0,
    ms: performance.now() - started,
    polled,
    resends,
    creditsCharged: 0,
    balance: null,
  });
  let res: Response | undefined;
  let body: unknown = null;
  let resends = 0;
  for (let send = 0; send < MAX_SENDS; send++) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'zimmer.jpg');
    form.append('selectedModes', JSON.stringify([LOAD_MODE]));
    try {
      res = await fetch(`${url}/api/enhance-image`, {
        method: 'POST',
        headers: { origin: url, cookie, 'idempotency-key': key },
        body: form,
      });
      body = await res.json().catch(() => null);
    } catch {
      res = undefined;
    }
    if (res && !RETRIED_STATUSES.has(res.status)) break;
    resends++;
    await new Promise((r) => setTimeout(r, Number(res?.headers.get('retry-after') ?? 1) * 1000));
  }
  if (!res) return failed(false, resends);
  let polled = false;
  try {
    while (res.status === JOB_QUEUED_STATUS) {
      polled = true;
      const { jobId } = QueuedJobBody.parse(body);
      await new Promise((r) => setTimeout(r, Number(res!.headers.get('retry-after') ?? 1) * 1000));
      res = await fetch(`${url}${jobPath(jobId)}`, { headers: { cookie } });
      body = await res.json().catch(() => null);
    }
  } catch {
    return failed(polled, resends);
  }
  const fields = (body ?? {}) as { creditsCharged?: number; balance?: number | null };
  return {
    status: res.status,
    ms: performance.now() - started,
    polled,
    resends,
    creditsCharged: res.status === 200 ? (fields.creditsCharged ?? 0) : 0,
    balance: typeof fields.balance === 'number' ? fields.balance : null,
  };
}

/**
 * GET /api/health round robin over `urls` every `everyMs` from a child process (so the load generator's own
 * event loop does not add to the figures); stop() answers every latency in ms and the failures.
 */
function startHealthProbe(urls: readonly string[], everyMs: number) {
  const script = `
    const urls = ${JSON.stringify(urls)};
    const samples = []; let failures = 0; let n = 0; let stopping = false;
    process.on('SIGTERM', () => { stopping = true; });
    (async () => {
      while (!stopping) {
        const url = urls[n++ % urls.length];
        const t = performance.now();
        try { const res = await fetch(url + '/api/health'); await res.text(); if (res.ok) samples.push(performance.now() - t); else failures++; }
        catch { failures++; }
        await new Promise((r) => setTimeout(r, ${everyMs}));
      }
      process.stdout.write(JSON.stringify({ samples, failures }));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    async stop(): Promise<{ samples: number[]; failures: number }> {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out || '{"samples":[],"failures":0}') as { samples: number[]; failures: number };
    },
  };
}

/** pg-boss jobs of the paid queue that ran more than once (their worker died or failed). */
async function retriedJobs(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`
    SELECT COUNT(*) AS n FROM (
      SELECT id FROM pgboss.job WHERE name = 'raumglanz-paid' AND retry_count > 0
      UNION ALL SELECT id FROM pgboss.archive WHERE name = 'raumglanz-paid' AND retry_count > 0) AS retried`);
  return Number(rows[0]?.n ?? 0);
}

export async function runQueueLoad(options: LoadOptions): Promise<LoadFigures> {
  const log = options.log ?? (() => {});
  const photo = await sharp(readFileSync(CLUTTERED)).resize(options.photoSide).jpeg().toBuffer();
  const cluster = await startQueueCluster({
    databaseUrl: options.databaseUrl,
    servers: options.servers,
    workers: options.workers,
    env: {
      LOG_LEVEL: 'warn',
      STARTING_CREDITS: String(options.credits),
      // The load is about the queue and the ledger: the per-account limit stays out of the way.
      AI_RATE_LIMIT_ENHANCE: '1000000',
      QUEUE_RETRY_DELAY_SECONDS: '1',
      ...options.env,
    },
  });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const urls = cluster.servers.map((s) => s.url);
    const cookie = await signUp(urls[0]!);
    log(`${urls.length} servers, ${cluster.workers.length} workers; ${options.requests} paid calls`);
    const probe = startHealthProbe(urls, 50);
    const started = performance.now();
    let delivered = 0;
    let killedAfter = -1;
    // Mid-run: after a share of the results the credits can pay for, while the rest is queued or running.
    const payable = Math.min(options.requests, Math.floor(options.credits / LOAD_MODE_CREDITS));
    const killAt = Math.max(1, Math.floor(payable * options.killAfterShare));
    const outcomes = await Promise.all(
      Array.from({ length: options.requests }, async (_, i) => {
        const outcome = await paidCall(urls[i % urls.length]!, cookie, `load-${i}-${Date.now()}`, photo);
        if (outcome.status === 200) delivered++;
        if (delivered >= killAt && killedAfter < 0) {
          killedAfter = delivered;
          const victim = cluster.workers[0]!;
          log(`${delivered} results delivered: kill -9 worker ${victim.pid}`);
          void victim.killHard();
        }
        return outcome;
      }),
    );
    const durationMs = performance.now() - started;
    const health = await probe.stop();
    // Every call has its final answer; the jobs behind refused or failed calls are settled too.
    const pending = await client.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM paid_jobs WHERE state = 'pending'`,
    );
    const audit = await auditLedger(options.databaseUrl);
    const balanceRow = await client.query<{ balance: string }>(
      `SELECT COALESCE(SUM(amount), 0) AS balance FROM credit_ledger`,
    );
    const finalBalance = Number(balanceRow.rows[0]?.balance ?? 0);
    const statuses: Record<string, number> = {};
    for (const o of outcomes) statuses[String(o.status)] = (statuses[String(o.status)] ?? 0) + 1;
    const paid = outcomes.filter((o) => o.status === 200).map((o) => o.ms);
    const creditsDelivered = outcomes.reduce((sum, o) => sum + o.creditsCharged, 0);
    return {
      requests: options.requests,
      servers: options.servers,
      workers: options.workers,
      statuses,
      polled: outcomes.filter((o) => o.polled).length,
      resends: outcomes.reduce((sum, o) => sum + o.resends, 0),
      charges: audit.charges,
      creditsCharged: audit.creditsCharged,
      refunds: audit.refunds,
      creditsRefunded: audit.creditsRefunded,
      creditsDelivered,
      startingCredits: options.credits,
      finalBalance,
      paidP50Ms: Math.round(percentile(paid, 50)),
      paidP99Ms: Math.round(percentile(paid, 99)),
      allP50Ms: Math.round(
        percentile(
          outcomes.map((o) => o.ms),
          50,
        ),
      ),
      allP99Ms: Math.round(
        percentile(
          outcomes.map((o) => o.ms),
          99,
        ),
      ),
      jobsRetried: await retriedJobs(client),
      workerKilledAfterResults: killedAfter,
      healthSamples: health.samples.length,
      healthP50Ms: Math.round(percentile(health.samples, 50) * 10) / 10,
      healthP99Ms: Math.round(percentile(health.samples, 99) * 10) / 10,
      healthFailures: health.failures,
      durationMs: Math.round(durationMs),
      audit,
      negativeBalanceAnswers: outcomes.filter((o) => o.balance !== null && o.balance < 0).length,
      creditsUnaccounted: options.credits - creditsDelivered - finalBalance,
      pendingJobs: Number(pending.rows[0]?.n ?? 0),
    };
  } finally {
    await client.end();
    await cluster.stop();
  }
}
