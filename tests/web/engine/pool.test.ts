import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../../web/engine/errors';
import { DEFAULT_IDLE_TIMEOUT_MS, WorkerPool } from '../../../web/engine/pool';
import type { BandOffer } from '../../../core/imaging/bands';
import { fakeWorkers, flush, type FakeWorker } from './fakeWorker';

const EMPTY = { width: 0, height: 0, data: new Uint8ClampedArray(0) };

type Job = string;
type Result = string;
type Progress = number;

function setup(size: number, idleTimeoutMs = 60_000) {
  const { factory, started } = fakeWorkers<Job, Result, Progress>();
  const pool = new WorkerPool<Job, Result, Progress, FakeWorker<Job, Result, Progress>>({
    size,
    createWorker: factory,
    idleTimeoutMs,
  });
  return { pool, started };
}

const OFFER = {
  job: { kind: 'lut3d', nodes: new Float32Array(0), src: EMPTY, dst: EMPTY },
  control: new Int32Array(2),
  bands: 2,
} satisfies BandOffer;

/** Records how a promise ended, without an unhandled rejection in between. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

const codeOf = (error: unknown) => (error instanceof EngineError ? error.code : error);

afterEach(() => {
  vi.useRealTimers();
});

describe('#WorkerPool', () => {
  describe('#run', () => {
    it('starts no worker before the first job, then one per concurrent job up to its size', async () => {
      const { pool, started } = setup(2);
      expect(started).toHaveLength(0);
      const a = track(pool.run(undefined, 'a'));
      expect(started).toHaveLength(1);
      track(pool.run(undefined, 'b'));
      const c = track(pool.run(undefined, 'c'));
      expect(started).toHaveLength(2);
      expect(pool.queued).toBe(1);
      expect(started.map((w) => w.current.job)).toEqual(['a', 'b']);

      started[0]!.current.resolve('A');
      await flush();
      expect(a.value).toBe('A');
      expect(started).toHaveLength(2); // the warm worker takes 'c'
      expect(started[0]!.current.job).toBe('c');
      started[0]!.current.resolve('C');
      await flush();
      expect(c.value).toBe('C');
      pool.dispose();
    });

    it('reuses an idle warm worker instead of starting another', async () => {
      const { pool, started } = setup(3);
      const first = pool.run(undefined, 'a');
      started[0]!.current.resolve('A');
      await first;
      const second = pool.run(undefined, 'b');
      expect(started).toHaveLength(1);
      started[0]!.current.resolve('B');
      expect(await second).toBe('B');
      expect(pool.started).toBe(1);
      pool.dispose();
    });

    it('runs queued jobs in the order they came, one at a time per worker', async () => {
      const { pool, started } = setup(1);
      const results = ['a', 'b', 'c', 'd'].map((job) => track(pool.run(undefined, job)));
      const order: string[] = [];
      for (let i = 0; i < 4; i++) {
        const call = started[0]!.current;
        order.push(call.job);
        expect(started[0]!.calls).toHaveLength(i + 1);
        call.resolve(call.job.toUpperCase());
        await flush();
      }
      expect(order).toEqual(['a', 'b', 'c', 'd']);
      expect(results.map((r) => r.value)).toEqual(['A', 'B', 'C', 'D']);
      pool.dispose();
    });

    it.each([
      [0, 1],
      [-3, 1],
      [2.7, 2],
    ])('a size of %s gives %s worker(s)', (size, workers) => {
      const { pool, started } = setup(size);
      for (let i = 0; i < 5; i++) track(pool.run(undefined, `job${i}`));
      expect(started).toHaveLength(workers);
      pool.dispose();
    });

    it('forwards progress of the running job and calls onStart when a worker takes it', async () => {
      const { pool, started } = setup(1);
      const seen: string[] = [];
      track(
        pool.run(
          undefined,
          'a',
          (p) => seen.push(`a${p}`),
          () => seen.push('a start'),
        ),
      );
      track(
        pool.run(
          undefined,
          'b',
          (p) => seen.push(`b${p}`),
          () => seen.push('b start'),
        ),
      );
      started[0]!.current.onProgress(0.5);
      started[0]!.current.resolve('A');
      await flush();
      started[0]!.current.onProgress(0.25);
      expect(seen).toEqual(['a start', 'a0.5', 'b start', 'b0.25']);
      pool.dispose();
    });
  });

  describe('failures', () => {
    it('a job that fails rejects alone; its worker stays and runs the next job', async () => {
      const { pool, started } = setup(1);
      const bad = track(pool.run(undefined, 'bad'));
      const good = track(pool.run(undefined, 'good'));
      started[0]!.current.reject(new Error('decode failed'));
      await flush();
      expect((bad.error as Error).message).toBe('decode failed');
      expect(started[0]!.terminated).toBe(false);
      started[0]!.current.resolve('ok');
      await flush();
      expect(good.value).toBe('ok');
      expect(started).toHaveLength(1);
      pool.dispose();
    });

    it('a worker that throws synchronously fails only that job', async () => {
      const { pool, started } = setup(1);
      const first = track(pool.run(undefined, 'a'));
      started[0]!.terminate(); // makes the fake throw on the next run
      const second = track(pool.run(undefined, 'b'));
      started[0]!.current.resolve('A');
      await flush();
      expect(first.value).toBe('A');
      expect(second.error).toBeInstanceOf(Error);
      pool.dispose();
    });

    it('a crashed worker rejects its job with workerCrashed, and the next job gets a fresh worker', async () => {
      const { pool, started } = setup(1);
      const a = track(pool.run(undefined, 'a'));
      const b = track(pool.run(undefined, 'b'));
      started[0]!.crash('script error');
      await flush();
      expect(codeOf(a.error)).toBe('workerCrashed');
      expect((a.error as Error).message).toContain('script error');
      expect(started[0]!.terminated).toBe(true);
      expect(started).toHaveLength(2);
      expect(started[1]!.current.job).toBe('b');
      started[0]!.crash('late report from the dead worker'); // must not touch the new worker's job
      started[1]!.current.resolve('B');
      await flush();
      expect(b.value).toBe('B');
      pool.dispose();
    });

    it('a crash of an idle worker rejects nothing and the next job starts a new worker', async () => {
      const { pool, started } = setup(1);
      const first = pool.run(undefined, 'a');
      started[0]!.current.resolve('A');
      await first;
      started[0]!.crash();
      expect(pool.liveWorkers).toBe(0);
      const second = track(pool.run(undefined, 'b'));
      expect(started).toHaveLength(2);
      started[1]!.current.resolve('B');
      await flush();
      expect(second.value).toBe('B');
      pool.dispose();
    });
  });

  describe('cancelling', () => {
    it('an already aborted signal rejects at once and starts no worker', async () => {
      const { pool, started } = setup(1);
      await expect(pool.run(AbortSignal.abort(), 'a')).rejects.toMatchObject({ code: 'cancelled' });
      expect(started).toHaveLength(0);
    });

    it('a queued job is dropped without touching the running one', async () => {
      const { pool, started } = setup(1);
      const running = track(pool.run(undefined, 'a'));
      const controller = new AbortController();
      const queued = track(pool.run(controller.signal, 'b'));
      controller.abort();
      await flush();
      expect(codeOf(queued.error)).toBe('cancelled');
      expect(started[0]!.terminated).toBe(false);
      started[0]!.current.resolve('A');
      await flush();
      expect(running.value).toBe('A');
      expect(started[0]!.calls.map((c) => c.job)).toEqual(['a']);
      pool.dispose();
    });

    it('a running job terminates its worker; the next job runs on a fresh one', async () => {
      const { pool, started } = setup(1);
      const controller = new AbortController();
      const progress: number[] = [];
      const a = track(pool.run(controller.signal, 'a', (p) => progress.push(p)));
      const b = track(pool.run(undefined, 'b'));
      controller.abort();
      await flush();
      expect(codeOf(a.error)).toBe('cancelled');
      expect((a.error as EngineError).germanMessage).toBe('Die Bearbeitung wurde abgebrochen.');
      expect(started[0]!.terminated).toBe(true);
      expect(started[1]!.current.job).toBe('b');

      // Whatever the dead worker still says is ignored.
      started[0]!.calls[0]!.onProgress(0.9);
      started[0]!.calls[0]!.resolve('late A');
      started[1]!.current.resolve('B');
      await flush();
      expect(progress).toEqual([]);
      expect(b.value).toBe('B');
      pool.dispose();
    });

    it('aborting after the job finished changes nothing', async () => {
      const { pool, started } = setup(1);
      const controller = new AbortController();
      const done = pool.run(controller.signal, 'a');
      started[0]!.current.resolve('A');
      expect(await done).toBe('A');
      controller.abort();
      expect(started[0]!.terminated).toBe(false);
      pool.dispose();
    });
  });

  describe('#dispose', () => {
    it('terminates every worker and rejects running and queued jobs; later jobs are refused', async () => {
      const { pool, started } = setup(2);
      const jobs = ['a', 'b', 'c'].map((job) => track(pool.run(undefined, job)));
      pool.dispose();
      await flush();
      expect(jobs.map((j) => codeOf(j.error))).toEqual(['cancelled', 'cancelled', 'cancelled']);
      expect(started.every((w) => w.terminated)).toBe(true);
      await expect(pool.run(undefined, 'd')).rejects.toMatchObject({ code: 'cancelled' });
      expect(started).toHaveLength(2);
    });
  });

  describe('idle workers', () => {
    it('are terminated after the idle timeout and started again by the next job', async () => {
      vi.useFakeTimers();
      const { pool, started } = setup(1, 1000);
      const first = pool.run(undefined, 'a');
      started[0]!.current.resolve('A');
      await first;
      await vi.advanceTimersByTimeAsync(999);
      expect(started[0]!.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started[0]!.terminated).toBe(true);
      expect(pool.liveWorkers).toBe(0);

      const second = pool.run(undefined, 'b');
      expect(started).toHaveLength(2);
      started[1]!.current.resolve('B');
      expect(await second).toBe('B');
      pool.dispose();
    });

    it('without a timeout of their own live DEFAULT_IDLE_TIMEOUT_MS', async () => {
      vi.useFakeTimers();
      const { factory, started } = fakeWorkers<Job, Result, Progress>();
      const pool = new WorkerPool<Job, Result, Progress>({ size: 1, createWorker: factory });
      const first = pool.run(undefined, 'a');
      started[0]!.current.resolve('A');
      await first;
      await vi.advanceTimersByTimeAsync(DEFAULT_IDLE_TIMEOUT_MS - 1);
      expect(started[0]!.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started[0]!.terminated).toBe(true);
      pool.dispose();
    });

    it('a worker that gets a new job before the timeout is kept', async () => {
      vi.useFakeTimers();
      const { pool, started } = setup(1, 1000);
      const first = pool.run(undefined, 'a');
      started[0]!.current.resolve('A');
      await first;
      await vi.advanceTimersByTimeAsync(900);
      const second = track(pool.run(undefined, 'b'));
      await vi.advanceTimersByTimeAsync(500);
      expect(started[0]!.terminated).toBe(false);
      started[0]!.current.resolve('B');
      await flush();
      expect(second.value).toBe('B');
      pool.dispose();
    });
  });
  describe('#lendIdle', () => {
    it('tells each job how many other slots could help it: none while photos wait in the queue', () => {
      const { pool, started } = setup(2);
      track(pool.run(undefined, 'alone'));
      expect(started[0].current.freeSlots).toBe(1);
      track(pool.run(undefined, 'b'));
      expect(started[1].current.freeSlots).toBe(0);
      track(pool.run(undefined, 'c'));
      track(pool.run(undefined, 'd'));
      started[0].current.resolve('A');
      return flush().then(() => expect(started[0].current.freeSlots).toBe(0)); // 'c' started with 'd' waiting
    });

    it('lends an offer to every worker with nothing to do, starting one in an empty slot, never to a busy one', async () => {
      const { pool, started } = setup(3);
      track(pool.run(undefined, 'photo'));
      expect(pool.lendIdle((worker) => worker.help(OFFER))).toBe(2);
      expect(started).toHaveLength(3);
      expect(started[0].helping).toHaveLength(0);
      expect(started[1].helping.map((h) => h.offer)).toEqual([OFFER]);
      expect(started[2].helping.map((h) => h.offer)).toEqual([OFFER]);
      // Lent once, a worker is busy: a second offer finds no one.
      expect(pool.lendIdle((worker) => worker.help(OFFER))).toBe(0);
    });

    it('a lent worker takes the next photo only when its help is done', async () => {
      const { pool, started } = setup(2);
      const first = track(pool.run(undefined, 'a'));
      pool.lendIdle((worker) => worker.help(OFFER));
      track(pool.run(undefined, 'b'));
      expect(pool.queued).toBe(1);
      started[1].helping[0].done();
      await flush();
      expect(pool.queued).toBe(0);
      expect(started[1].current.job).toBe('b');
      started[0].current.resolve('A');
      await flush();
      expect(first.value).toBe('A');
    });

    it('a lent worker that crashes is let go, and its slot serves the next photo', async () => {
      const { pool, started } = setup(2);
      track(pool.run(undefined, 'a'));
      pool.lendIdle((worker) => worker.help(OFFER));
      started[1].crash();
      expect(pool.liveWorkers).toBe(1);
      track(pool.run(undefined, 'b'));
      expect(started).toHaveLength(3);
      expect(started[2].current.job).toBe('b');
    });

    it('lends nothing once disposed', () => {
      const { pool } = setup(2);
      pool.dispose();
      expect(pool.lendIdle((worker) => worker.help(OFFER))).toBe(0);
    });
  });
});
