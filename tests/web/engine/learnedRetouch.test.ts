// The image worker's learned retouch: weights fetched only for jobs that need them, once per worker, a failed
// load retried by the next job, and the user's strength reaching the pipeline (0 % returns the photo as it is).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runDeviceMode } from '../../../core/imaging/pipeline';
import type { RgbaImage } from '../../../core/imaging/types';
import { retoucherFromFiles } from '../../../core/retouch/retoucher';
import { loadRetoucher, modeRunnerFor, RETOUCH_WEIGHT_URLS } from '../../../web/engine/learnedRetouch';

const MODEL = join(import.meta.dirname, '../../../models/image-adaptive-3dlut');
const file = (name: string): ArrayBuffer => {
  const b = readFileSync(join(MODEL, name));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};
const retoucher = retoucherFromFiles(file('classifier.bin'), file('luts.bin'));

/** A dim, warm gradient without straight lines (no perspective step). */
function photo(): RgbaImage {
  const width = 96;
  const height = 64;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const r = Math.hypot(x - 40, y - 30);
      data.set([90 + (r % 40), 70 + ((x * y) % 30), 40 + (y % 20), 255], i);
    }
  return { width, height, data };
}

describe('learned retouch in the image worker', () => {
  it('loads no weights for jobs without autoOptimize', async () => {
    const load = vi.fn(async () => retoucher);
    const run = await modeRunnerFor(['brighten', 'sharpen'], 0.5, load);
    expect(load).not.toHaveBeenCalled();
    const image = photo();
    expect(run('brighten', image).image.data).toEqual(runDeviceMode('brighten', image).image.data);
  });

  it('passes the retoucher and the strength to autoOptimize', async () => {
    const load = vi.fn(async () => retoucher);
    const image = photo();
    const full = (await modeRunnerFor(['autoOptimize'], undefined, load))('autoOptimize', image).image;
    const half = (await modeRunnerFor(['autoOptimize'], 0.5, load))('autoOptimize', image).image;
    const none = (await modeRunnerFor(['autoOptimize'], 0, load))('autoOptimize', image).image;
    expect(load).toHaveBeenCalledTimes(3);
    expect(full.data).toEqual(runDeviceMode('autoOptimize', image, { retoucher, strength: 1 }).image.data);
    // The old rules are not what runs: the learned result differs from them.
    expect(full.data).not.toEqual(runDeviceMode('autoOptimize', image).image.data);
    expect(half.data).not.toEqual(full.data);
    expect(none.data).toEqual(image.data);
  }, 30_000);

  it('fetches both files once, and tries again after a failed load', async () => {
    let online = false;
    const fetchBytes = vi.fn(async (url: string) => {
      if (!online) throw new TypeError('Failed to fetch');
      return file(url === RETOUCH_WEIGHT_URLS.classifier ? 'classifier.bin' : 'luts.bin');
    });
    await expect(loadRetoucher(fetchBytes)).rejects.toThrow('Failed to fetch');
    online = true;
    const first = await loadRetoucher(fetchBytes);
    const again = await loadRetoucher(fetchBytes);
    expect(again).toBe(first);
    expect(fetchBytes.mock.calls.map(([url]) => url)).toEqual([
      RETOUCH_WEIGHT_URLS.classifier,
      RETOUCH_WEIGHT_URLS.luts,
      RETOUCH_WEIGHT_URLS.classifier,
      RETOUCH_WEIGHT_URLS.luts,
    ]);
    expect(first.blendWeights(photo())).toEqual(retoucher.blendWeights(photo()));
  });
});
