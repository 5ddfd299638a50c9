import { describe, expect, it } from 'vitest';
import type { EngineStep } from '../../../core/imaging/engineSteps';
import { createEngineWith, defaultWorkerCount, type EngineProgress } from '../../../web/engine/bridge';
import { EngineError } from '../../../web/engine/errors';
import type { WorkerJob, WorkerOutcome, WorkerProgress } from '../../../web/engine/protocol';
import { fakeWorkers, flush } from './fakeWorker';
import type { BandOffer } from '../../../core/imaging/bands';

const EMPTY = { width: 0, height: 0, data: new Uint8ClampedArray(0) };

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const STEP_OF: Record<string, EngineStep> = { brighten: 'brightened', sharpen: 'sharpened' };
const ok = (job: WorkerJob): WorkerOutcome => ({
  ok: true,
  blob: new Blob([job.modeIds.join('+')], { type: 'image/jpeg' }),
  width: 40,
  height: 30,
  notes: job.modeIds.map((id) => [STEP_OF[id] ?? 'contrast']),
  timings: { decodeMs: 1, processMs: 2, encodeMs: 3 },
});

describe('#defaultWorkerCount', () => {
  it.each([
    [undefined, 2],
    [1, 1],
    [2, 2],
    [4, 4],
    [5, 4],
    [16, 4],
  ])('%s cores -> %s workers', (cores, workers) => {
    expect(defaultWorkerCount(cores)).toBe(workers);
  });
});

describe('#createEngineWith', () => {
  it("lends a running photo's kernel rows to the idle workers (starting them), not to the busy one", () => {
    const { factory, started, lends } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>();
    const engine = createEngineWith(factory, { workers: 2 });
    void engine.processPhoto(undefined, { imageId: 'a', blob: photo, modeIds: ['brighten'] }).catch(() => {});
    const offer = {
      job: { kind: 'lut3d', nodes: new Float32Array(0), src: EMPTY, dst: EMPTY },
      control: new Int32Array(2),
      bands: 2,
    } satisfies BandOffer;
    lends[0]!(offer);
    expect(started).toHaveLength(2);
    expect(started[0]!.helping).toHaveLength(0);
    expect(started[1]!.helping.map((h) => h.offer)).toEqual([offer]);
    engine.dispose();
  });

  describe('#processPhoto', () => {
    it('sends the photo and the modes in processing order, and returns the worker result', async () => {
      const { factory, started } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>(ok);
      const engine = createEngineWith(factory);
      const result = await engine.processPhoto(undefined, {
        imageId: 'img-1',
        blob: photo,
        modeIds: ['sharpen', 'brighten', 'warmerTones', 'brighten'],
      });
      expect(started[0]!.current.job.blob).toBe(photo);
      expect(started[0]!.current.job.modeIds).toEqual(['brighten', 'warmerTones', 'sharpen']);
      expect(await result.blob.text()).toBe('brighten+warmerTones+sharpen');
      expect(result).toMatchObject({
        width: 40,
        height: 30,
        timings: { decodeMs: 1, processMs: 2, encodeMs: 3 },
      });
      expect(result.notes).toEqual([['brightened'], ['contrast'], ['sharpened']]);
      engine.dispose();
    });

    it('reports queued, the worker stages and done, each with the image id', async () => {
      const { factory, started } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>();
      const engine = createEngineWith(factory);
      const seen: EngineProgress[] = [];
      const done = engine.processPhoto(undefined, { imageId: 'a', blob: photo, modeIds: ['brighten'] }, (p) =>
        seen.push(p),
      );
      expect(seen).toEqual([{ imageId: 'a', stage: 'queued', fraction: 0 }]);
      const call = started[0]!.current;
      call.onProgress({ stage: 'decoding', fraction: 0 });
      call.onProgress({ stage: 'processing', fraction: 0.5 });
      call.onProgress({ stage: 'encoding', fraction: 0.8 });
      call.resolve(ok(call.job));
      await done;
      expect(seen.map((p) => `${p.imageId}:${p.stage}:${p.fraction}`)).toEqual([
        'a:queued:0',
        'a:decoding:0',
        'a:processing:0.5',
        'a:encoding:0.8',
        'a:done:1',
      ]);
      engine.dispose();
    });

    it.each([
      ['tooManyPixels', 'Das Foto ist zu groß (über 50 Megapixel). Bitte verkleinere es vor dem Hochladen.'],
      ['unsupported', 'Dieses Dateiformat wird nicht unterstützt. Bitte verwende JPG, PNG oder WEBP.'],
      ['decodeFailed', 'Das Foto konnte nicht gelesen werden. Vielleicht ist die Datei beschädigt.'],
      ['processingFailed', 'Dieses Foto konnte nicht bearbeitet werden. Bitte versuche es erneut.'],
    ] as const)('a worker answer %s rejects with that code and German message', async (code, german) => {
      const { factory } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>(() => ({
        ok: false,
        code,
        detail: 'x',
      }));
      const engine = createEngineWith(factory);
      const error = await engine
        .processPhoto(undefined, { imageId: 'a', blob: photo, modeIds: [] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ code, germanMessage: german, message: `${code}: x` });
      engine.dispose();
    });

    it('one failing photo does not stop the next', async () => {
      const { factory, started } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>((job) =>
        job.blob.size === 0 ? { ok: false, code: 'decodeFailed', detail: 'empty' } : ok(job),
      );
      const engine = createEngineWith(factory);
      const results = await Promise.allSettled([
        engine.processPhoto(undefined, { imageId: 'broken', blob: new Blob([]), modeIds: ['brighten'] }),
        engine.processPhoto(undefined, { imageId: 'fine', blob: photo, modeIds: ['brighten'] }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect(started).toHaveLength(1);
      engine.dispose();
    });

    it('refuses server modes and unknown ids with RangeError before queueing', async () => {
      const { factory, started } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>(ok);
      const engine = createEngineWith(factory);
      await expect(
        engine.processPhoto(undefined, {
          imageId: 'a',
          blob: photo,
          modeIds: ['brighten', 'declutter', 'nope'],
        }),
      ).rejects.toThrow(new RangeError('Not device modes: declutter, nope'));
      expect(started).toHaveLength(0);
      engine.dispose();
    });

    it('cancelling a running photo terminates its worker; the next photo gets a fresh worker', async () => {
      const { factory, started } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>();
      const engine = createEngineWith(factory, { workers: 1 });
      const controller = new AbortController();
      const first = engine.processPhoto(controller.signal, { imageId: 'a', blob: photo, modeIds: [] });
      const second = engine.processPhoto(undefined, { imageId: 'b', blob: photo, modeIds: ['sharpen'] });
      controller.abort();
      await expect(first).rejects.toMatchObject({ code: 'cancelled' });
      expect(started[0]!.terminated).toBe(true);
      await flush();
      started[1]!.current.resolve(ok(started[1]!.current.job));
      expect((await second).notes).toEqual([['sharpened']]);
      engine.dispose();
    });

    it('uses as many workers as asked for', async () => {
      const { factory, started } = fakeWorkers<WorkerJob, WorkerOutcome, WorkerProgress>();
      const engine = createEngineWith(factory, { workers: 3 });
      for (const id of ['a', 'b', 'c', 'd'])
        void engine.processPhoto(undefined, { imageId: id, blob: photo, modeIds: [] }).catch(() => {});
      await flush();
      expect(started).toHaveLength(3);
      expect(engine.pool.queued).toBe(1);
      engine.dispose();
    });
  });
});
