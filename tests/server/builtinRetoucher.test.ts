// The builtin provider's 'automatisch ausgeglichen' is the learned retouch (weights read from models/ once), not
// the older rule-based pipeline: on a real room photo its result is autoOptimize's, byte for byte, and differs
// from the old rules'; the very dark DSLR interior comes out lit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { autoEnhance, autoOptimize } from '../../core/imaging/pipeline';
import type { RgbaImage } from '../../core/imaging/types';
import { retoucherFromFiles } from '../../core/retouch/retoucher';
import { OPERATIONS } from '../../server/ai/builtin/operations';
import { builtinRetoucher, RETOUCH_MODEL_DIR } from '../../server/ai/builtin/retoucher';

const FIXTURES = join(import.meta.dirname, '../../../shared/fixtures');

async function decode(path: string, side: number): Promise<RgbaImage> {
  const { data, info } = await sharp(path)
    .rotate()
    .resize(side, side, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

const meanLuma = (image: RgbaImage): number => {
  let sum = 0;
  for (let i = 0; i < image.data.length; i += 4)
    sum += 0.2126 * image.data[i]! + 0.7152 * image.data[i + 1]! + 0.0722 * image.data[i + 2]!;
  return sum / (image.data.length / 4);
};

describe('builtin provider: automatic enhancement', () => {
  it('runs the learned retouch from the files in models/, loaded once', async () => {
    const photo = await decode(join(FIXTURES, 'rooms/bedroom/1_bedroom.jpg'), 640);
    const ours = OPERATIONS.autoEnhance.run(photo);
    const file = (name: string) => {
      const b = readFileSync(join(RETOUCH_MODEL_DIR, name));
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    };
    const expected = autoOptimize(photo, retoucherFromFiles(file('classifier.bin'), file('luts.bin'))).image;
    expect(Buffer.from(ours.data).equals(Buffer.from(expected.data))).toBe(true);
    expect(Buffer.from(ours.data).equals(Buffer.from(autoEnhance(photo).image.data))).toBe(false);
    expect(builtinRetoucher()).toBe(builtinRetoucher());
  });

  it('lights the nearly black DSLR interior', async () => {
    const dark = await decode(join(FIXTURES, 'photos/canon-dslr.jpg'), 800);
    expect(meanLuma(dark)).toBeLessThan(5);
    const lit = OPERATIONS.autoEnhance.run(dark);
    expect(meanLuma(lit)).toBeGreaterThan(80);
    expect(meanLuma(lit)).toBeLessThan(170);
  });
});
