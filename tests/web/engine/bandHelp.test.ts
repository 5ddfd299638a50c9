import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBands, type BandJob, type BandOffer } from '../../../core/imaging/bands';
import { createSharedImage, frameLike, type RgbaImage } from '../../../core/imaging/types';
import { warpHomography, warpHomographyBand, type Matrix3 } from '../../../core/imaging/warp';
import { applyLut3d, applyLut3dRows, identityLut, mapLut } from '../../../core/retouch/lut3d';
import { reusingSharedFrames, withBandLending } from '../../../web/engine/bandHelp';

const TSX_API = pathToFileURL(
  resolve(import.meta.dirname, '../../../node_modules/tsx/dist/esm/api/index.mjs'),
).href;
const ENTRY = pathToFileURL(resolve(import.meta.dirname, 'bandHelperThread.ts')).href;

let helper: Worker;

beforeAll(async () => {
  helper = new Worker(
    `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(ENTRY)}); })`,
    { eval: true },
  );
  // Warm: the first offer loads the kernels' modules in the thread.
  await lend(offerOf({ kind: 'lut3d', nodes: identityLut().data, src: noise(8, 8), dst: noise(8, 8) }, 1));
});

afterAll(() => helper.terminate());

function offerOf(job: BandJob, bands: number): BandOffer {
  return { job, control: new Int32Array(new SharedArrayBuffer(8)), bands };
}

/** Sends an offer to the helper thread; resolves with the number of bands it ran. */
function lend(offer: BandOffer): Promise<number> {
  return new Promise((done) => {
    helper.once('message', done);
    helper.postMessage(offer);
  });
}

function noise(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(new SharedArrayBuffer(width * height * 4));
  let s = 11;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width, height, data };
}

/** Holds the caller's own bands back a little, so the helper thread surely gets some. */
const slowly = (run: (from: number, to: number) => void) => (from: number, to: number) => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15);
  run(from, to);
};

const same = (a: RgbaImage, b: RgbaImage) => Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0;

describe("a photo's kernels shared with a helper thread (withBandLending, helpWithBands)", () => {
  it('the 3D table: a helper thread runs some bands, and the bytes are those of one thread', async () => {
    const image = noise(300, 1200);
    const lut = mapLut(identityLut(), (r, g, b, out) => {
      out[0] = Math.sqrt(r);
      out[1] = g * 0.9 + 0.05;
      out[2] = b * b;
    });
    const alone = applyLut3d(image, lut, frameLike(image, 300, 1200));
    const helped: Promise<number>[] = [];
    const shared = frameLike(image, 300, 1200);
    await withBandLending(
      (offer) => helped.push(lend(offer)),
      async () =>
        runBands(
          { kind: 'lut3d', nodes: lut.data, src: image, dst: shared },
          slowly((from, to) => applyLut3dRows(image, lut.data, shared, from, to)),
        ),
    );
    expect(helped).toHaveLength(1);
    expect(await helped[0]).toBeGreaterThan(0);
    expect(same(shared, alone)).toBe(true);
  });

  it('the warp: a helper thread runs some bands, and the bytes are those of one thread', async () => {
    const image = noise(500, 900);
    const t = (3 * Math.PI) / 180;
    const m: Matrix3 = [Math.cos(t), -Math.sin(t), 20, Math.sin(t), Math.cos(t), -10, 0, 0.00002, 1];
    const alone = warpHomography(image, m, 480, 880);
    const shared = frameLike(image, 480, 880);
    const helped: Promise<number>[] = [];
    await withBandLending(
      (offer) => helped.push(lend(offer)),
      async () =>
        runBands(
          { kind: 'warp', outputToInput: m, src: image, dst: shared },
          slowly((from, to) => warpHomographyBand(image, m, shared, { from, to })),
        ),
    );
    expect(await helped[0]).toBeGreaterThan(0);
    expect(same(shared, alone)).toBe(true);
  });

  it('offers nothing once the photo is done', async () => {
    const offers: BandOffer[] = [];
    await withBandLending(
      (offer) => offers.push(offer),
      async () => {},
    );
    const image = noise(100, 600);
    runBands({ kind: 'lut3d', nodes: identityLut().data, src: image, dst: image }, () => {});
    expect(offers).toHaveLength(0);
  });
});

describe("a worker's shared frames from photo to photo (reusingSharedFrames)", () => {
  /** One "photo": takes two frames, scribbles on them, returns them with `ok`. */
  const photo = (ok: boolean) =>
    reusingSharedFrames(
      async () => {
        const frames = [createSharedImage(40, 30), createSharedImage(20, 10)];
        for (const frame of frames) frame.data.fill(200);
        return { ok, buffers: frames.map((f) => f.data.buffer) };
      },
      (result) => result.ok,
    );

  it("the next photo gets the last one's memory back, cleared; a failed photo's is not reused", async () => {
    const first = await photo(true);
    const second = await photo(false);
    expect(second.buffers[0]).toBe(first.buffers[0]);
    expect(second.buffers[1]).toBe(first.buffers[1]);
    const third = await photo(true);
    expect(third.buffers[0]).not.toBe(first.buffers[0]); // the failed photo kept nothing
    const fourth = await photo(true);
    expect(fourth.buffers[0]).toBe(third.buffers[0]);
    let cleared = true;
    await reusingSharedFrames(
      async () => {
        const frame = createSharedImage(40, 30);
        cleared = frame.data.every((v) => v === 0);
        return true;
      },
      () => false,
    );
    expect(cleared).toBe(true);
    // Outside a photo, frames are new memory again.
    expect(createSharedImage(40, 30).data.buffer).not.toBe(fourth.buffers[0]);
  });

  it('a frame its maker overwrites whole (the decoded photo, a kernel output) is reused without clearing', async () => {
    await photo(true);
    const contents = await reusingSharedFrames(
      async () => Array.from(new Set(createSharedImage(40, 30, true).data)),
      () => false,
    );
    expect(contents).toEqual([200]);
  });
});
