// The job queue of the PostgreSQL deployment as real processes on a throw-away cluster: a server replica and
// `npm run worker` processes (tests/helpers/queueCluster.ts). A paid call through the queue answers 200 with the
// worker's result, with one request id in the server's and the worker's log lines; a call that outlasts the
// server's wait answers 202 and its poll brings the answer; a worker killed mid-job leaves the job to another
// worker, and the ledger shows one charge. Runs in the server-pg project only (the queue needs PostgreSQL).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_QUEUED_STATUS, jobPath, QueuedJobBody } from '../../core/contract/jobs';
import { createDatabase } from '../helpers/postgres';
import { FAKE_API_KEY, startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import { auditLedger, startQueueCluster, type QueueCluster } from '../helpers/queueCluster';
import { postgresAdminUrl } from '../helpers/testDatabase';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { PAID_QUEUE } from '../../server/paid/queue/boss';

const CLUTTERED_ROOM = resolve(
  import.meta.dirname,
  '../../../shared/fixtures/rooms/living_room/Places365_val_00005291.jpg',
);

let photo: Buffer;
beforeAll(async () => {
  // Small, so the builtin removal (detector and fill) takes about a second; it still finds books and a cup.
  photo = await sharp(readFileSync(CLUTTERED_ROOM)).resize(480).jpeg().toBuffer();
});

let cluster: QueueCluster | undefined;
afterEach(async () => {
  await cluster?.stop();
  cluster = undefined;
});

async function freshDatabase(): Promise<string> {
  if (!postgresAdminUrl) throw new Error('the queue tests run in the server-pg project');
  return createDatabase(postgresAdminUrl, 'queue');
}

async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Gastgeberin',
      email: `queue-${Date.now()}-${Math.random()}@example.com`,
      password: 'sicheres-passwort',
    }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

function enhance(url: string, cookie: string, key: string, modes: string[], requestId?: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'zimmer.jpg');
  form.append('selectedModes', JSON.stringify(modes));
  return fetch(`${url}/api/enhance-image`, {
    method: 'POST',
    headers: {
      origin: url,
      cookie,
      'idempotency-key': key,
      ...(requestId ? { 'x-request-id': requestId } : {}),
    },
    body: form,
  });
}

/** Polls the job like the web client until it is not 202 any more. */
async function pollJob(url: string, cookie: string, jobId: string): Promise<Response> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}${jobPath(jobId)}`, { headers: { cookie } });
    if (res.status !== JOB_QUEUED_STATUS) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function balance(url: string, cookie: string): Promise<number> {
  const res = await fetch(`${url}/api/credits`, { headers: { cookie } });
  return ((await res.json()) as { credits: number }).credits;
}

describe('a paid call through the queue', () => {
  it('answers 200 with the worker result, charged once, one request id from server to worker', async () => {
    const databaseUrl = await freshDatabase();
    cluster = await startQueueCluster({
      databaseUrl,
      servers: 1,
      workers: 1,
      env: { STARTING_CREDITS: '10' },
    });
    const [server] = cluster.servers;
    const cookie = await signUp(server!.url);

    const res = await enhance(server!.url, cookie, 'queue-key-00000001', ['declutter'], 'req-queue-0001');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-queue-0001');
    const body = (await res.json()) as { enhanced_image_base64: string; creditsCharged: number };
    expect(body.enhanced_image_base64).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.creditsCharged).toBe(2);
    expect(await balance(server!.url, cookie)).toBe(8);

    const workerLines = cluster.workers[0]!.logs.filter((line) => line.reqId === 'req-queue-0001');
    expect(workerLines.map((line) => line.msg)).toEqual(['paid job started', 'paid job finished']);
    const serverLines = cluster.servers[0]!.logs.filter((line) => line.reqId === 'req-queue-0001');
    expect(serverLines.map((line) => line.msg)).toContain('POST /api/enhance-image 200');

    // The same key again: the stored answer, no second charge.
    const again = await enhance(server!.url, cookie, 'queue-key-00000001', ['declutter']);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { enhanced_image_base64: string }).enhanced_image_base64).toBe(
      body.enhanced_image_base64,
    );
    const audit = await auditLedger(databaseUrl);
    expect(audit).toMatchObject({ paidJobs: 1, states: { done: 1 }, charges: 1, creditsCharged: 2 });
    expect(audit).toMatchObject({ wrongNet: 0, overRefunded: 0, negativeBalances: 0 });
  });

  it('answers 202 with the job when it outlasts the wait; the poll and a retry of the key bring the answer', async () => {
    const databaseUrl = await freshDatabase();
    cluster = await startQueueCluster({
      databaseUrl,
      servers: 1,
      workers: 1,
      env: { STARTING_CREDITS: '10', QUEUE_WAIT_SECONDS: '0' },
    });
    const [server] = cluster.servers;
    const cookie = await signUp(server!.url);

    const res = await enhance(server!.url, cookie, 'queue-key-00000002', ['declutter']);
    expect(res.status).toBe(202);
    expect(res.headers.get('retry-after')).toBe('1');
    const queued = QueuedJobBody.parse(await res.json());

    // Another user cannot see it.
    const stranger = await signUp(server!.url);
    expect(
      (await fetch(`${server!.url}${jobPath(queued.jobId)}`, { headers: { cookie: stranger } })).status,
    ).toBe(404);

    const done = await pollJob(server!.url, cookie, queued.jobId);
    expect(done.status).toBe(200);
    const body = (await done.json()) as { enhanced_image_base64: string; creditsCharged: number };
    expect(body.creditsCharged).toBe(2);
    const replay = await enhance(server!.url, cookie, 'queue-key-00000002', ['declutter']);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { enhanced_image_base64: string }).enhanced_image_base64).toBe(
      body.enhanced_image_base64,
    );
    expect(await balance(server!.url, cookie)).toBe(8);
    expect(await auditLedger(databaseUrl)).toMatchObject({ charges: 1, wrongNet: 0, states: { done: 1 } });
  });
});

describe('a worker killed mid-job', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('leaves the job to another worker: the answer arrives, charged once, the queue retried it', async () => {
    const databaseUrl = await freshDatabase();
    cluster = await startQueueCluster({
      databaseUrl,
      servers: 1,
      workers: 2,
      env: {
        STARTING_CREDITS: '10',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: FAKE_API_KEY,
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_MAX_RETRIES: '0',
        QUEUE_WAIT_SECONDS: '0',
        QUEUE_RETRY_DELAY_SECONDS: '0',
      },
    });
    const [server] = cluster.servers;
    const cookie = await signUp(server!.url);
    // The first image edit never answers: whichever worker takes the job hangs in it until it is killed.
    fake.script('edit', { hang: true });

    const res = await enhance(server!.url, cookie, 'queue-key-00000003', ['declutter']);
    expect(res.status).toBe(202);
    const { jobId } = QueuedJobBody.parse(await res.json());
    await expect
      .poll(() => fake.requests.filter((r) => r.kind === 'edit').length, { timeout: 20_000 })
      .toBe(1);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const owner = await client.query<{ pid: number }>(
        `SELECT b.pid FROM paid_jobs j JOIN server_boots b ON b.boot_id = j.worker_boot_id WHERE j.id = $1`,
        [jobId],
      );
      const victim = cluster.workers.find((w) => w.pid === owner.rows[0]?.pid);
      expect(victim).toBeDefined();
      await victim!.killHard();

      const done = await pollJob(server!.url, cookie, jobId);
      expect(done.status).toBe(200);
      expect(((await done.json()) as { creditsCharged: number }).creditsCharged).toBe(2);
      expect(fake.requests.filter((r) => r.kind === 'edit')).toHaveLength(2);
      const survivor = cluster.workers.find((w) => w !== victim)!;
      expect(survivor.logs.some((l) => l.msg === 'paid job finished' && l.jobId === jobId)).toBe(true);

      const retried = await client.query<{ retry_count: number }>(
        `SELECT retry_count FROM pgboss.job WHERE data->>'paidJobId' = $1
         UNION ALL SELECT retry_count FROM pgboss.archive WHERE data->>'paidJobId' = $1`,
        [jobId],
      );
      expect(retried.rows.map((r) => r.retry_count)).toEqual([1]);
    } finally {
      await client.end();
    }
    expect(await balance(server!.url, cookie)).toBe(8);
    expect(await auditLedger(databaseUrl)).toMatchObject({
      charges: 1,
      refunds: 0,
      wrongNet: 0,
      states: { done: 1 },
    });
  });

  it('refunds a job that failed on every try and keeps the error for its poll', async () => {
    const databaseUrl = await freshDatabase();
    cluster = await startQueueCluster({
      databaseUrl,
      servers: 1,
      workers: 2,
      env: {
        STARTING_CREDITS: '10',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: FAKE_API_KEY,
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_MAX_RETRIES: '0',
        QUEUE_WAIT_SECONDS: '0',
        QUEUE_RETRY_LIMIT: '0',
      },
    });
    const [server] = cluster.servers;
    const cookie = await signUp(server!.url);
    const editsBefore = fake.requests.filter((r) => r.kind === 'edit').length;
    fake.script('edit', { hang: true });

    const res = await enhance(server!.url, cookie, 'queue-key-00000004', ['declutter']);
    const { jobId } = QueuedJobBody.parse(await res.json());
    await expect
      .poll(() => fake.requests.filter((r) => r.kind === 'edit').length, { timeout: 20_000 })
      .toBe(editsBefore + 1);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const owner = await client.query<{ pid: number }>(
        `SELECT b.pid FROM paid_jobs j JOIN server_boots b ON b.boot_id = j.worker_boot_id WHERE j.id = $1`,
        [jobId],
      );
      await cluster.workers.find((w) => w.pid === owner.rows[0]?.pid)!.killHard();
    } finally {
      await client.end();
    }

    // No try left: the queue gives up on it, and the failed-jobs handler refunds it.
    const done = await pollJob(server!.url, cookie, jobId);
    expect(done.status).toBe(500);
    expect(await done.json()).toMatchObject({ code: 'INTERNAL', details: { creditsRefunded: true } });
    expect(fake.requests.filter((r) => r.kind === 'edit')).toHaveLength(editsBefore + 1);
    expect(await balance(server!.url, cookie)).toBe(10);
    expect(await auditLedger(databaseUrl)).toMatchObject({
      charges: 1,
      refunds: 1,
      wrongNet: 0,
      overRefunded: 0,
      states: { failed: 1 },
    });
  });

  it('runs a job whose worker died between fetching and claiming it', { timeout: 120_000 }, async () => {
    const databaseUrl = await freshDatabase();
    cluster = await startQueueCluster({
      databaseUrl,
      servers: 1,
      workers: 0,
      env: { STARTING_CREDITS: '10', QUEUE_WAIT_SECONDS: '0', QUEUE_RETRY_DELAY_SECONDS: '0' },
    });
    const [server] = cluster.servers;
    const cookie = await signUp(server!.url);
    const res = await enhance(server!.url, cookie, 'queue-key-00000005', ['declutter']);
    const { jobId } = QueuedJobBody.parse(await res.json());

    // A worker that takes the job from the queue and dies before it claims it: the job is active there only.
    const dying = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false });
    await dying.start();
    const [fetched] = await dying.fetch<{ paidJobId: string }>(PAID_QUEUE);
    expect(fetched?.data.paidJobId).toBe(jobId);
    await dying.stop({ graceful: false, wait: true });

    const worker = await cluster.startWorker();
    const done = await pollJob(server!.url, cookie, jobId);
    expect(done.status).toBe(200);
    expect(worker.logs.some((l) => l.msg === 'paid job finished' && l.jobId === jobId)).toBe(true);
    expect(await auditLedger(databaseUrl)).toMatchObject({ charges: 1, wrongNet: 0, states: { done: 1 } });
  });
});
