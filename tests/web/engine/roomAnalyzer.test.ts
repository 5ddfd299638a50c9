// The room analyser bridge with a stand-in worker: what the app gets back, the User Timing mark the e2e test and
// the performance panel read, one worker for a batch, and cancellation that stops the worker.
import { afterEach, describe, expect, it } from 'vitest';
import { NO_VISIBLE_ELEMENTS } from '../../../core/catalog';
import { isEngineError } from '../../../web/engine/errors';
import type { RoomWorkerResult } from '../../../web/engine/room/protocol';
import { createRoomAnalyzer } from '../../../web/engine/room/roomAnalyzer';
import { fakeWorkers, flush } from './fakeWorker';

const KITCHEN: RoomWorkerResult = {
  roomType: 'kitchen',
  confidence: 0.9,
  visibleElements: { ...NO_VISIBLE_ELEMENTS, hasAppliances: true },
  ms: 310,
  backend: 'wasm',
};

afterEach(() => performance.clearMarks());

describe('#createRoomAnalyzer', () => {
  it("answers the worker's analysis without its backend, and leaves a mark with the backend", async () => {
    const { factory, started } = fakeWorkers<Blob, RoomWorkerResult, never>(() => KITCHEN);
    const analyzer = createRoomAnalyzer(factory);
    const blob = new Blob(['photo']);
    const result = await analyzer.analyze(undefined, blob);
    expect(result).toEqual({
      roomType: 'kitchen',
      confidence: 0.9,
      visibleElements: KITCHEN.visibleElements,
      ms: 310,
    });
    expect(started[0].calls[0].job).toBe(blob);
    const [mark] = performance.getEntriesByName('raumglanz:room-analysis') as PerformanceMark[];
    expect(mark.detail).toEqual({ ms: 310, backend: 'wasm', roomType: 'kitchen' });
    analyzer.dispose();
  });

  it('analyses a batch with one worker', async () => {
    const { factory, started } = fakeWorkers<Blob, RoomWorkerResult, never>(() => KITCHEN);
    const analyzer = createRoomAnalyzer(factory);
    await Promise.all([1, 2, 3].map(() => analyzer.analyze(undefined, new Blob(['x']))));
    expect(started).toHaveLength(1);
    expect(started[0].calls).toHaveLength(3);
    analyzer.dispose();
  });

  it("rejects with 'cancelled' and stops the worker when the signal aborts", async () => {
    const { factory, started } = fakeWorkers<Blob, RoomWorkerResult, never>();
    const analyzer = createRoomAnalyzer(factory);
    const controller = new AbortController();
    const pending = analyzer.analyze(controller.signal, new Blob(['x']));
    await flush();
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isEngineError(error) && error.code).toBe('cancelled');
    expect(started[0].terminated).toBe(true);
    expect(performance.getEntriesByName('raumglanz:room-analysis')).toEqual([]);
    analyzer.dispose();
  });
});
