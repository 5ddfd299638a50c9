// The PostgreSQL deployment as real processes on one machine, for the queue tests and the load test
// (bench/loadtest.ts): server replicas (server/index.ts) and queue workers (server/worker.ts) on one database,
// each on a free loopback port with only the environment given, their JSON log lines kept for the test to read.
// auditLedger() reads the database afterwards and says whether every credit is accounted for.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface AppProcess {
  kind: 'server' | 'worker';
  child: ChildProcess;
  pid: number;
  /** The server's base URL; '' for a worker. */
  url: string;
  /** Its JSON log lines so far, parsed. */
  logs: Record<string, unknown>[];
  exited: Promise<void>;
  /** kill -9; resolves once the process is gone. */
  killHard(): Promise<void>;
  /** SIGTERM and waits for the exit. */
  stop(): Promise<void>;
}

/** What both kinds print once they are ready (server/index.ts, server/worker.ts). */
const READY = { server: /localhost:(\d+)/, worker: /raumglanz worker (\d+) bereit/ };

export async function startAppProcess(
  kind: 'server' | 'worker',
  env: Record<string, string>,
): Promise<AppProcess> {
  const entry = kind === 'server' ? 'server/index.ts' : 'server/worker.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // A test that times out never reaches its cleanup: the children must not outlive the test process.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  void exited.then(() => process.off('exit', reap));
  const logs: Record<string, unknown>[] = [];
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    stdout += stdout.length < 10_000 ? text : '';
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // a line pino did not write
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const handle = (url: string): AppProcess => ({
    kind,
    child,
    pid: child.pid ?? 0,
    url,
    logs,
    exited,
    async killHard() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  for (let i = 0; i < 1200; i++) {
    const match = READY[kind].exec(stdout);
    if (match) return handle(kind === 'server' ? `http://127.0.0.1:${match[1]}` : '');
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the ${kind} process did not start: ${stderr.slice(-2000)}`);
}

export interface QueueCluster {
  servers: AppProcess[];
  workers: AppProcess[];
  startWorker(): Promise<AppProcess>;
  /** Stops every process still running and removes the temp folder. */
  stop(): Promise<void>;
}

/**
 * Starts `servers` replicas and `workers` workers on `databaseUrl`. The first server migrates the database
 * alone; the rest start together.
 */
export async function startQueueCluster(options: {
  databaseUrl: string;
  servers: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<QueueCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-cluster-'));
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    STATIC_DIR: dir,
    AI_PROVIDER: 'builtin',
    NODE_ENV: 'test',
    // Tests sign up accounts from 127.0.0.1; the free-credit limits have their own tests.
    STARTER_CREDITS_PER_NETWORK_PER_DAY: '1000000',
    FREE_CREDITS_DAILY_CAP: '100000000',
    AUTH_RATE_LIMIT: '100000',
    ...options.env,
  };
  const started: AppProcess[] = [];
  const track = async (kind: 'server' | 'worker') => {
    const process = await startAppProcess(kind, env);
    started.push(process);
    return process;
  };
  try {
    const first = await track('server');
    const rest = await Promise.all(Array.from({ length: options.servers - 1 }, () => track('server')));
    const workers = await Promise.all(Array.from({ length: options.workers }, () => track('worker')));
    return {
      servers: [first, ...rest],
      workers,
      startWorker: () => track('worker'),
      async stop() {
        await Promise.all(started.map((p) => p.stop()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(started.map((p) => p.killHard()));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface LedgerAudit {
  paidJobs: number;
  /** Paid jobs by state; at the end every job is done, failed or refunded, none pending. */
  states: Record<string, number>;
  /** Charge entries (one per attempt of a key) and their credits. */
  charges: number;
  creditsCharged: number;
  refunds: number;
  creditsRefunded: number;
  /** Jobs whose net charge is not what their state says (done: credits_charged; else 0). Must be 0. */
  wrongNet: number;
  /** Charges refunded more than they took. Must be 0. */
  overRefunded: number;
  /** Users whose balance is below 0. Must be 0. */
  negativeBalances: number;
}

/** Reads the ledger and the paid jobs of `databaseUrl` and checks each job's money against its state. */
export async function auditLedger(databaseUrl: string): Promise<LedgerAudit> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const perJob = await client.query<{
      state: string;
      credits_charged: number | null;
      charges: string;
      charged: string;
      refunded: string;
    }>(`
      SELECT j.state, j.credits_charged,
        COUNT(l.id) FILTER (WHERE l.kind = 'charge') AS charges,
        COALESCE(SUM(-l.amount) FILTER (WHERE l.kind = 'charge'), 0) AS charged,
        COALESCE(SUM(l.amount) FILTER (WHERE l.kind = 'refund'), 0) AS refunded
      FROM paid_jobs j
      LEFT JOIN credit_ledger l ON l.idempotency_key LIKE 'job:' || j.id || '#%'
      GROUP BY j.id, j.state, j.credits_charged`);
    const states: Record<string, number> = {};
    let wrongNet = 0;
    for (const row of perJob.rows) {
      states[row.state] = (states[row.state] ?? 0) + 1;
      const net = Number(row.charged) - Number(row.refunded);
      const expected = row.state === 'done' ? (row.credits_charged ?? -1) : row.state === 'pending' ? net : 0;
      if (net !== expected) wrongNet++;
    }
    const totals = await client.query<{ kind: string; n: string; credits: string }>(
      `SELECT kind, COUNT(*) AS n, COALESCE(SUM(ABS(amount)), 0) AS credits FROM credit_ledger
       WHERE kind IN ('charge', 'refund') GROUP BY kind`,
    );
    const total = (kind: string) => totals.rows.find((r) => r.kind === kind);
    const over = await client.query<{ n: string }>(`
      SELECT COUNT(*) AS n FROM credit_ledger c
      WHERE c.kind = 'charge'
        AND -c.amount < (SELECT COALESCE(SUM(r.amount), 0) FROM credit_ledger r WHERE r.charge_entry_id = c.id)`);
    const negative = await client.query<{ n: string }>(`
      SELECT COUNT(*) AS n FROM (SELECT user_id FROM credit_ledger GROUP BY user_id HAVING SUM(amount) < 0) AS x`);
    return {
      paidJobs: perJob.rows.length,
      states,
      charges: Number(total('charge')?.n ?? 0),
      creditsCharged: Number(total('charge')?.credits ?? 0),
      refunds: Number(total('refund')?.n ?? 0),
      creditsRefunded: Number(total('refund')?.credits ?? 0),
      wrongNet,
      overRefunded: Number(over.rows[0]?.n ?? 0),
      negativeBalances: Number(negative.rows[0]?.n ?? 0),
    };
  } finally {
    await client.end();
  }
}
