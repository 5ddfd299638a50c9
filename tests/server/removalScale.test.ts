// The removal's working size: the copy it fills at, and the fill brought back into the full photo (unit cases
// on drawn images), the same round as one image pool task (removeClutterScaled, the same pixels as its steps one
// by one), and the builtin removal on a 12 MP kitchen (the fixture kitchen 97 enlarged), which fills
// at REMOVAL_SIDE and still changes nothing outside its mask.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Detection } from '../../core/analysis/room/types';
import { removeClutter, type RemovedClutter } from '../../core/declutter';
import { createImage, type RgbaImage } from '../../core/imaging/types';
import { clutterOfModes, declutterRgba, poolObjectDetector } from '../../server/ai/builtin/declutter';
import { fillAtFullSize, REMOVAL_SIDE, removalCopy } from '../../server/ai/builtin/removalScale';
import { decodeRgba } from '../../server/pool/images';
import { testImagePool } from '../helpers/testImagePool';
import { FIXTURES } from './ai.helpers';

afterAll(async () => {
  await testImagePool.close();
});

/** A width x height image of one grey, opaque. */
function grey(width: number, height: number, level: number): RgbaImage {
  const image = createImage(width, height);
  for (let i = 0; i < image.data.length; i += 4) image.data.set([level, level, level, 255], i);
  return image;
}

describe('removalCopy', () => {
  it('is the photo itself up to the side', async () => {
    const image = grey(REMOVAL_SIDE, 100, 10);
    expect(removalCopy(image)).toBe(image);
  });

  it.each<[number, number, number, [number, number]]>([
    [4000, 3000, 2048, [2048, 1536]],
    [3000, 4000, 2048, [1536, 2048]],
    [8, 4, 4, [4, 2]],
  ])('%d x %d to a long side of %d: area averages', async (w, h, side, size) => {
    const image = grey(w, h, 0);
    // Odd columns white: every 2 x 2 (or larger) block averages to half.
    for (let y = 0; y < h; y++)
      for (let x = 1; x < w; x += 2) image.data.fill(255, (y * w + x) * 4, (y * w + x) * 4 + 3);
    const copy = removalCopy(image, side);
    expect([copy.width, copy.height]).toEqual(size);
    const scale = w / size[0];
    if (Number.isInteger(scale) && scale % 2 === 0) {
      for (let i = 0; i < copy.data.length; i += 4) expect(copy.data[i]).toBe(128);
    }
  });
});

describe('fillAtFullSize', () => {
  /** A 40 x 20 copy of an 80 x 40 photo whose block x 10-19, y 4-9 was filled with 200. */
  function removal(full: RgbaImage, copy: RgbaImage): RemovedClutter {
    const image = { ...copy, data: copy.data.slice() };
    const mask = new Uint8Array(copy.width * copy.height);
    for (let y = 4; y < 10; y++) {
      for (let x = 10; x < 20; x++) {
        mask[y * copy.width + x] = 1;
        image.data.set([200, 200, 200, 255], (y * copy.width + x) * 4);
      }
    }
    expect(full.width).toBe(2 * copy.width);
    return {
      image,
      mask,
      paintedAreas: 0,
      removed: [{ label: 'bottle', score: 0.5, box: [10, 4, 10, 6], method: 'ellipse' }],
      description: '1 Gegenstand entfernt: Flasche',
    };
  }

  it('brings the fill back scaled up, changes nothing outside its mask, and keeps the photo', async () => {
    const full = grey(80, 40, 50);
    const before = full.data.slice();
    const copy = removalCopy(full, 40);
    const result = fillAtFullSize(full, copy, removal(full, copy));
    expect([result.image.width, result.image.height]).toEqual([80, 40]);
    expect(result.removed[0]!.box).toEqual([20, 8, 20, 12]);
    expect(result.description).toBe('1 Gegenstand entfernt: Flasche');
    const at = (x: number, y: number) => result.image.data[(y * 80 + x) * 4];
    // Inside the scaled block: the fill; well outside it: the photo's own.
    expect(at(30, 14)).toBe(200);
    expect(at(22, 10)).toBe(200);
    expect(at(5, 5)).toBe(50);
    expect(at(45, 14)).toBe(50);
    let changedOutside = 0;
    let masked = 0;
    for (let p = 0; p < 80 * 40; p++) {
      if (result.mask[p]) masked++;
      else if (result.image.data[p * 4] !== before[p * 4]) changedOutside++;
    }
    expect(changedOutside).toBe(0);
    // The 20 x 12 block and at most its one-pixel blended rim.
    expect(masked).toBeGreaterThanOrEqual(20 * 12);
    expect(masked).toBeLessThanOrEqual(22 * 14);
    // The caller's photo is untouched.
    expect(Buffer.compare(Buffer.from(full.data), Buffer.from(before))).toBe(0);
  });

  it('answers the photo itself when nothing was filled, and the removal itself at full size', async () => {
    const full = grey(80, 40, 50);
    const copy = removalCopy(full, 40);
    const nothing: RemovedClutter = {
      image: copy,
      mask: new Uint8Array(40 * 20),
      paintedAreas: 0,
      removed: [],
      description: 'nichts',
    };
    const result = fillAtFullSize(full, copy, nothing);
    expect(result.image).toBe(full);
    expect(result.mask.length).toBe(80 * 40);
    const same = removal(full, copy);
    expect(fillAtFullSize(copy, copy, same)).toBe(same);
  });
});

describe('removeClutterScaled (one pool task)', () => {
  it('fills a 12 MP photo like its steps one by one, and lends the photo back', async () => {
    const full = grey(4200, 2800, 120);
    // A dark bottle on the grey wall, where the detector would have boxed it.
    for (let y = 1200; y < 1600; y++) full.data.fill(20, (y * 4200 + 3000) * 4, (y * 4200 + 3100) * 4);
    for (let p = 3; p < full.data.length; p += 4) full.data[p] = 255;
    const before = full.data.slice();
    const bottle: Detection = {
      label: 'bottle',
      score: 0.9,
      box: { x: 2980 / 4200, y: 1180 / 2800, width: 140 / 4200, height: 440 / 2800 },
    };
    const copy = removalCopy(full);
    const inSteps = fillAtFullSize(full, copy, removeClutter(copy, [bottle], 'declutter'));
    const inPool = await testImagePool.run('removeClutterScaled', {
      image: full,
      detections: [bottle],
      mode: 'declutter',
    });
    expect(inPool.removed.map((o) => o.label)).toEqual(['bottle']);
    expect(inPool.removed).toEqual(inSteps.removed);
    expect([inPool.image.width, inPool.image.height]).toEqual([4200, 2800]);
    expect(Buffer.compare(Buffer.from(inPool.mask), Buffer.from(inSteps.mask))).toBe(0);
    expect(Buffer.compare(Buffer.from(inPool.image.data), Buffer.from(inSteps.image.data))).toBe(0);
    // The bottle is gone: its middle is wall grey again.
    expect(inPool.image.data[(1400 * 4200 + 3050) * 4]).toBeGreaterThan(80);
    expect(Buffer.compare(Buffer.from(full.data), Buffer.from(before))).toBe(0);
  }, 60_000);
});

describe('declutterRgba on a 12 MP kitchen', () => {
  it('fills at REMOVAL_SIDE, removes the clutter and changes nothing outside the mask', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'removal-12mp-'));
    try {
      const path = join(dir, 'kitchen.jpg');
      await sharp(resolve(FIXTURES, 'rooms/kitchen/97_kitchen.jpg'))
        .resize(4032, 2677)
        .jpeg({ quality: 92 })
        .toFile(path);
      const image = await decodeRgba(testImagePool, path);
      const original = image.data.slice();
      const detect = poolObjectDetector(testImagePool);
      const result = await declutterRgba(testImagePool, image, ['declutter'], detect);
      const before = clutterOfModes(image, result.detections, ['declutter']).length;
      const after = clutterOfModes(result.image, await detect(result.image), ['declutter']).length;
      expect(before).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(before * 0.25);
      expect([result.image.width, result.image.height]).toEqual([4032, 2677]);
      expect(result.mask.length).toBe(4032 * 2677);
      // Boxes in the full photo's pixels.
      for (const o of result.removed) expect(o.box[0] + o.box[2]).toBeLessThanOrEqual(4032 + 1);
      expect(Math.max(...result.removed.map((o) => o.box[0]))).toBeGreaterThan(REMOVAL_SIDE);
      let changedOutside = 0;
      let changedInside = 0;
      for (let p = 0; p < 4032 * 2677; p++) {
        const diff = Math.abs(result.image.data[p * 4]! - original[p * 4]!);
        if (!result.mask[p] && diff > 0) changedOutside++;
        if (result.mask[p] && diff > 1) changedInside++;
      }
      expect(changedOutside).toBe(0);
      expect(changedInside).toBeGreaterThan(0);
      expect(Buffer.compare(Buffer.from(image.data), Buffer.from(original))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
