// The image pool (server/pool): which buffers may move between threads; a task runs the same code as in the
// server's thread, in another thread, and lends the caller's image back whole (also when it fails); admission
// refuses past the queue with 503 and a Retry-After. Over real HTTP: while large photos through a builtin mode
// and an analysis burst hold every thread of the pool, GET /api/health and GET /api/credits answer before any of
// those jobs does, while the tasks that were running when they were sent are still running.
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperations } from '../../server/ai/builtin/operations';
import { ApiError } from '../../server/errors';
import { ImagePool } from '../../server/pool/imagePool';
import { isRgbaImage, movableBuffers, wholeBuffer } from '../../server/pool/transfer';
import { decodeRgba } from '../../server/pool/images';
import type { TestServer } from '../helpers/startServer';
import { dataUrl, enhance, fixture, GPS_PHOTO, post, startAiServer } from './ai.helpers';
import { signUp } from './auth.helpers';

// Two threads whatever the machine: the load below is sized to more than fill them. The test server below runs
// its image work in this pool too.
const imagePool = new ImagePool({ concurrency: 2 });

afterAll(async () => {
  await imagePool.close();
});

describe('transfer', () => {
  const whole = new Uint8ClampedArray(16);
  const slab = new ArrayBuffer(64);
  it.each([
    ['a view over all of its buffer', whole, whole.buffer],
    ['a view over part of a buffer (a pooled Node Buffer)', new Uint8Array(slab, 8, 16), undefined],
    ['a small Node Buffer', Buffer.from('klein'), undefined],
    ['a view over shared memory', new Uint8Array(new SharedArrayBuffer(8)), undefined],
  ])('wholeBuffer of %s', (_name, view, expected) => {
    expect(wholeBuffer(view)).toBe(expected);
  });

  it('finds every movable buffer of a result once, in nested objects and arrays', () => {
    const image = { width: 2, height: 2, data: new Uint8ClampedArray(16) };
    const mask = new Uint8Array(image.data.buffer, 0, 4);
    const bare = new ArrayBuffer(8);
    const found = movableBuffers({
      image,
      removed: [{ label: 'cup', area: new Float32Array(2) }],
      again: image,
      part: mask,
      bare,
      name: 'x',
      when: new Date(),
    });
    expect(found).toHaveLength(3);
    expect(found).toContain(image.data.buffer);
    expect(found).toContain(bare);
  });

  it.each([
    [{ width: 1, height: 1, data: new Uint8ClampedArray(4) }, true],
    [{ width: 1, height: 1, data: new Uint8Array(4) }, false],
    [{ width: 1, data: new Uint8ClampedArray(4) }, false],
    [null, false],
  ])('isRgbaImage(%o) is %s', (value, expected) => {
    expect(isRgbaImage(value)).toBe(expected);
  });
});

describe('tasks', () => {
  it('runs the builtin operations in another thread, byte for byte as here, and lends the image back', async () => {
    const image = await decodeRgba(imagePool, fixture(GPS_PHOTO), 640);
    const original = image.data.slice();
    const here = runOperations({ ...image, data: image.data.slice() }, ['neutralWhiteBalance', 'details']);
    const there = await imagePool.run('operations', { image, ids: ['neutralWhiteBalance', 'details'] });
    expect(there.labels).toEqual(here.labels);
    expect(Buffer.compare(Buffer.from(there.image.data), Buffer.from(here.image.data))).toBe(0);
    // The caller's image is whole again and unchanged.
    expect(Buffer.compare(Buffer.from(image.data), Buffer.from(original))).toBe(0);
    const { kinds } = imagePool.stats();
    expect(kinds.operations?.threadIds.length).toBeGreaterThan(0);
    expect(kinds.operations?.threadIds).not.toContain(threadId);
  });

  it('gives the image back when the task fails, and rejects with its error', async () => {
    const image = { width: 0, height: 0, data: new Uint8ClampedArray([1, 2, 3, 4]) };
    await expect(imagePool.run('imageStats', { image })).rejects.toThrow(
      'imageStats needs at least one pixel',
    );
    expect([...image.data]).toEqual([1, 2, 3, 4]);
  });

  it('refuses a task past the waiting room with 503 and a Retry-After, and runs the admitted ones', async () => {
    const pool = new ImagePool({ concurrency: 1, maxQueued: 1, retryAfterSeconds: 3 });
    try {
      const image = () => ({ width: 8, height: 8, data: new Uint8ClampedArray(256).fill(90) });
      const admitted = [
        pool.run('imageStats', { image: image() }),
        pool.run('imageStats', { image: image() }),
      ];
      const refused = pool.run('imageStats', { image: image() });
      const error: unknown = await refused.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        details: { retryAfterSeconds: 3 },
      });
      for (const stats of await Promise.all(admitted)) expect(stats.meanLuma).toBeCloseTo(90 / 255, 1);
      expect(pool.stats()).toMatchObject({ refused: 1, completed: 2, running: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it("runs paid work first, sheds a waiting visitor's task for it, and holds each owner to its share", async () => {
    const pool = new ImagePool({ concurrency: 1, maxQueued: 3, retryAfterSeconds: 3 });
    try {
      const image = () => ({ width: 8, height: 8, data: new Uint8ClampedArray(256).fill(90) });
      const done: string[] = [];
      const task = (name: string, owner: string, priority: 'paid' | 'free') =>
        pool
          .within({ owner, priority }, () => pool.run('imageStats', { image: image() }))
          .then(() => done.push(name));
      // Four places (one thread, three waiting), so an owner's share is two: network b gets two, not three.
      const a = task('a', 'ip:a', 'free');
      const b = task('b', 'ip:b', 'free');
      const b2 = task('b2', 'ip:b', 'free');
      const overShare = await task('b3', 'ip:b', 'free').catch((e: unknown) => e);
      expect(overShare).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        details: { reason: 'IMAGE_SHARE' },
      });
      const c = task('c', 'ip:c', 'free');
      // The pool is full. A host's paid task: the newest waiting task of the network holding most gives way (503)
      // and the paid one runs next, before the visitors who came earlier.
      const host = pool.within({ owner: 'user:h', priority: 'free' }, () =>
        pool.asPaid(() => pool.run('imageStats', { image: image() })).then(() => done.push('host')),
      );
      const shed = await b2.catch((e: unknown) => e);
      expect(shed).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        details: { retryAfterSeconds: 3 },
      });
      await Promise.all([a, b, c, host]);
      expect(done).toEqual(['a', 'host', 'b', 'c']);
      expect(pool.stats()).toMatchObject({ refused: 2, completed: 4, running: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });
});

describe('a saturated pool over HTTP', () => {
  let server: TestServer;
  let cookie = '';

  beforeAll(async () => {
    server = await startAiServer({ ai: { rateLimits: { enhance: 1000, analyze: 1000 } }, imagePool });
    ({ cookie } = await signUp(server));
  });

  afterAll(async () => {
    await server.close();
  });

  /** A 1024 x 1024 photo with structure, different per seed (the analysis burst's photos, at their limit). */
  async function analysisPhoto(seed: number): Promise<Buffer> {
    const side = 1024;
    const data = Buffer.alloc(side * side * 3);
    for (let i = 0; i < data.length; i++) data[i] = ((i >> 5) * 37 + seed * 11 + (i % 3) * 80) & 0xff;
    return sharp(data, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
  }

  it('answers health and credits before the jobs, while every thread is busy, and the work ran in the workers', async () => {
    const large = fixture(GPS_PHOTO);
    // Warm up: the workers start, and the first photo's path is loaded in them.
    const warm = await enhance(server, {
      files: [await analysisPhoto(0)],
      selectedModes: ['generalEnhance'],
    });
    expect(warm.status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => analysisPhoto(i + 1)));

    let answered = 0;
    const settle = (res: Promise<Response>) =>
      res.then((r) => {
        answered++;
        return r.status;
      });
    const jobs = [
      ...Array.from({ length: 4 }, () =>
        settle(enhance(server, { files: [large], selectedModes: ['generalEnhance'] })),
      ),
      ...Array.from({ length: 2 }, () =>
        settle(post(server, '/api/analyze-image', { imageDataUrls: burst.map((b) => dataUrl(b)) })),
      ),
    ];

    // Saturated: both threads run a task and more wait.
    const saturated = () => {
      const { running, queued, threads } = imagePool.stats();
      return running === threads && queued > 0;
    };
    while (!saturated() && answered === 0) await new Promise((r) => setTimeout(r, 10));
    expect(answered).toBe(0);

    // Probe until one pair was sent and answered with no pool task finishing in between: the tasks running when
    // it was sent were still running when it was answered. Work on the event loop could never allow that.
    const probes: { statuses: number[]; jobsAnswered: number; tasksDone: number; saturated: boolean }[] = [];
    while (answered === 0 && !probes.some((p) => p.tasksDone === 0 && p.saturated)) {
      const before = imagePool.stats().completed;
      const wasSaturated = saturated();
      const statuses = await Promise.all([
        fetch(`${server.url}/api/health`).then((r) => r.status),
        fetch(`${server.url}/api/credits`, { headers: { cookie } }).then((r) => r.status),
      ]);
      probes.push({
        statuses,
        jobsAnswered: answered,
        tasksDone: imagePool.stats().completed - before,
        saturated: wasSaturated,
      });
    }
    const inside = probes.find((p) => p.tasksDone === 0 && p.saturated);
    expect(inside, JSON.stringify(probes)).toBeDefined();
    expect(inside?.statuses).toEqual([200, 200]);
    expect(inside?.jobsAnswered).toBe(0);

    expect(await Promise.all(jobs)).toEqual([200, 200, 200, 200, 200, 200]);
    const { kinds } = imagePool.stats();
    for (const kind of [
      'inspect',
      'decode',
      'operations',
      'imageStats',
      'analyzeRoom',
      'encodeJpeg',
    ] as const) {
      expect(kinds[kind]?.completed, kind).toBeGreaterThan(0);
      expect(kinds[kind]?.threadIds, kind).not.toContain(threadId);
    }
  }, 300_000);
});
