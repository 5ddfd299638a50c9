// The retouch worker's job in Node (sharp as the codec, lossless PNG so pixels can be compared exactly): the
// painted stroke is filled, every pixel away from it is kept, the description is German, and an unreadable
// photo is an answer, not a crash.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Codec } from '../../../web/engine/photoJob';
import { retouchJob } from '../../../web/engine/retouchJob';

const FIXTURES = resolve(import.meta.dirname, '../../../../shared/fixtures');
const kitchen = readFileSync(resolve(FIXTURES, 'rooms/kitchen/69_kitchen.jpg')); // 580x436

const pngCodec: Codec = {
  async decode(blob) {
    const { data, info } = await sharp(Buffer.from(await blob.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  },
  async encode(image) {
    const png = await sharp(Buffer.from(image.data), {
      raw: { width: image.width, height: image.height, channels: 4 },
    })
      .png()
      .toBuffer();
    return new Blob([new Uint8Array(png)], { type: 'image/png' });
  },
};

describe('retouchJob', () => {
  it('fills the stroke across the picture on the wall and keeps every pixel away from it', async () => {
    const source = new Blob([new Uint8Array(kitchen)], { type: 'image/jpeg' });
    const stroke = {
      points: [
        { x: 0.43, y: 0.32 },
        { x: 0.5, y: 0.32 },
      ],
      radius: 0.02,
    };
    const outcome = await retouchJob({ blob: source, strokes: [stroke] }, pngCodec);
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome).toMatchObject({
      width: 580,
      height: 436,
      description: 'Retuschiert: 1 markierte Stelle',
    });
    const before = await pngCodec.decode(source, 'image/jpeg');
    const after = await pngCodec.decode(outcome.blob, 'image/png');
    const radius = 0.02 * 580;
    let under = 0;
    let underCount = 0;
    let changedAway = 0;
    for (let y = 0; y < 436; y++) {
      for (let x = 0; x < 580; x++) {
        const dx = x + 0.5 - Math.min(Math.max(x + 0.5, 0.43 * 580), 0.5 * 580);
        const d = Math.hypot(dx, y + 0.5 - 0.32 * 436);
        const i = (y * 580 + x) * 4;
        const diff = Math.max(...[0, 1, 2].map((c) => Math.abs(after.data[i + c]! - before.data[i + c]!)));
        if (d < radius / 2) {
          under += diff;
          underCount++;
        } else if (d > radius + 1.5 && diff > 0) changedAway++;
      }
    }
    expect(under / underCount).toBeGreaterThan(10);
    expect(changedAway).toBe(0);
  });

  it('answers an unreadable photo with a failure', async () => {
    const outcome = await retouchJob(
      {
        blob: new Blob([new Uint8Array([1, 2, 3])]),
        strokes: [{ points: [{ x: 0.5, y: 0.5 }], radius: 0.1 }],
      },
      pngCodec,
    );
    expect(outcome.ok).toBe(false);
  });
});
