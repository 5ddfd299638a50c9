// The codec chooser (web/engine/codecChoice.ts): which codec a set of measured timings picks, and the session's
// one measurement, shared by every worker, given up when the probing worker goes away.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_CODECS,
  chooseCodecs,
  formatOf,
  measuredCodecs,
  PROBE_TIMEOUT_MS,
  resetSessionCodecs,
  sessionCodecs,
  type CodecTiming,
  type CodecTimings,
} from '../../../web/engine/codecChoice';

const timings = (jpeg: CodecTiming, encode: CodecTiming = { canvas: 2, wasm: 20 }): CodecTimings => ({
  decode: { jpeg, png: { canvas: 6, wasm: 10 }, webp: { canvas: 6, wasm: null } },
  encode,
});

describe('#chooseCodecs', () => {
  it.each([
    // canvas ms, wasm ms, choice: wasm only when clearly (over 10 %) faster
    [10.8, 12.8, 'canvas'],
    [10, 9.5, 'canvas'],
    [10, 9.0, 'canvas'],
    [10, 8.9, 'wasm'],
    [40, 12, 'wasm'],
    [10, null, 'canvas'],
    [10, Infinity, 'canvas'],
    [Infinity, 5, 'canvas'],
  ] as const)('canvas %s ms, wasm %s ms -> %s', (canvas, wasm, choice) => {
    expect(chooseCodecs(timings({ canvas, wasm })).decode.jpeg).toBe(choice);
    expect(chooseCodecs(timings({ canvas: 1, wasm: 1 }, { canvas, wasm })).encode).toBe(choice);
  });

  it.each([
    // canvas, wasm, webcodecs -> the fastest that beats the canvas by over 10 %
    [150, 130, 62, 'webcodecs'],
    [150, 60, 62, 'wasm'],
    [150, 140, 140, 'canvas'],
    [150, null, null, 'canvas'],
    [150, null, 100, 'webcodecs'],
    [150, 100, null, 'wasm'],
    [150, 100, Infinity, 'wasm'],
  ] as const)('decode: canvas %s, wasm %s, webcodecs %s ms -> %s', (canvas, wasm, webcodecs, choice) => {
    expect(chooseCodecs(timings({ canvas, wasm, webcodecs })).decode.jpeg).toBe(choice);
  });

  it('chooses per format: each input format and the encoder on its own timing', () => {
    const choice = chooseCodecs({
      decode: {
        jpeg: { canvas: 30, wasm: 12 },
        png: { canvas: 6, wasm: 10 },
        webp: { canvas: 9, wasm: 4 },
      },
      encode: { canvas: 2, wasm: 20 },
    });
    expect(choice).toEqual({ decode: { jpeg: 'wasm', png: 'canvas', webp: 'wasm' }, encode: 'canvas' });
  });

  it('maps the accepted types to their formats', () => {
    expect(['image/jpeg', 'image/png', 'image/webp'].map((t) => formatOf(t as never))).toEqual([
      'jpeg',
      'png',
      'webp',
    ]);
  });
});

describe('#sessionCodecs', () => {
  afterEach(() => {
    resetSessionCodecs();
    vi.useRealTimers();
  });
  const never = new Promise<void>(() => {});

  it('measures once: later workers get the first probe’s choice without probing', async () => {
    const probe = vi.fn(async () => timings({ canvas: 40, wasm: 12 }));
    const other = vi.fn(async () => timings({ canvas: 1, wasm: 50 }));
    const first = await sessionCodecs(probe, never);
    const second = await sessionCodecs(other, never);
    expect(first.choice.decode.jpeg).toBe('wasm');
    expect(second).toBe(first);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(measuredCodecs()).toBe(first);
  });

  it('keeps a measured choice over a reload of the tab (sessionStorage), never a failed one', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    // A reload: the module's state is gone, the tab's storage is not.
    const reload = () => {
      const kept = new Map(items);
      resetSessionCodecs();
      for (const [key, value] of kept) items.set(key, value);
    };
    try {
      const first = await sessionCodecs(async () => timings({ canvas: 40, wasm: 12 }), never);
      reload();
      const probe = vi.fn(async () => timings({ canvas: 1, wasm: 50 }));
      expect(await sessionCodecs(probe, never)).toEqual(first);
      expect(probe).not.toHaveBeenCalled();
      expect(measuredCodecs()).toEqual(first);

      resetSessionCodecs(); // a new tab
      expect(items.size).toBe(0);
      await sessionCodecs(async () => Promise.reject(new Error('no WebAssembly')), never);
      expect(items.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a failed probe leaves the session on the browser's codecs, without probing again", async () => {
    const failing = vi.fn(async () => {
      throw new Error('no WebAssembly');
    });
    expect((await sessionCodecs(failing, never)).choice).toEqual(BROWSER_CODECS);
    const again = vi.fn(async () => timings({ canvas: 40, wasm: 12 }));
    expect((await sessionCodecs(again, never)).choice).toEqual(BROWSER_CODECS);
    expect(again).not.toHaveBeenCalled();
  });

  it('a probing worker that is terminated gives the waiting photos the canvas, and the next worker measures', async () => {
    let gone = () => {};
    const terminated = new Promise<void>((done) => (gone = done));
    const waiting = sessionCodecs(() => new Promise<CodecTimings>(() => {}), terminated);
    gone();
    expect((await waiting).choice).toEqual(BROWSER_CODECS);
    const next = await sessionCodecs(async () => timings({ canvas: 40, wasm: 12 }), never);
    expect(next.choice.decode.jpeg).toBe('wasm');
  });

  it('a worker ending after it answered keeps the choice', async () => {
    let gone = () => {};
    const terminated = new Promise<void>((done) => (gone = done));
    const first = await sessionCodecs(async () => timings({ canvas: 40, wasm: 12 }), terminated);
    gone();
    await Promise.resolve();
    const probe = vi.fn(async () => timings({ canvas: 1, wasm: 50 }));
    expect(await sessionCodecs(probe, never)).toBe(first);
    expect(probe).not.toHaveBeenCalled();
  });

  it("a probe that hangs gives up after the timeout, on the browser's codecs", async () => {
    vi.useFakeTimers();
    const waiting = sessionCodecs(() => new Promise<CodecTimings>(() => {}), never);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    expect((await waiting).choice).toEqual(BROWSER_CODECS);
  });
});
