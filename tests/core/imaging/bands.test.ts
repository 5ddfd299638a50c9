import { afterEach, describe, expect, it } from 'vitest';
import { bandRows, runBands, setBandSharer, takeBands, type BandOffer } from '../../../core/imaging/bands';
import { warpAndCrop } from '../../../core/imaging/perspective';
import { createLike, frameLike, isShared, type RgbaImage } from '../../../core/imaging/types';
import { applyLut3d, applyLut3dRows, identityLut, mapLut } from '../../../core/retouch/lut3d';

function noise(width: number, height: number, shared: boolean): RgbaImage {
  const bytes = width * height * 4;
  const data = new Uint8ClampedArray(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  let s = 7;
  for (let i = 0; i < bytes; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width, height, data };
}

/** A warm, contrasty table: every pixel changes. */
const lut = mapLut(identityLut(), (r, g, b, out) => {
  out[0] = Math.min(1, r * 1.1 + 0.02);
  out[1] = g * 0.95;
  out[2] = b * b;
});

afterEach(() => setBandSharer(null));

describe('#bandRows', () => {
  it.each([
    [3000, 16],
    [200, 3],
    [129, 2],
  ])('covers %i rows in %i bands once, in order', (height, bands) => {
    let next = 0;
    for (let b = 0; b < bands; b++) {
      const { from, to } = bandRows(b, bands, height);
      expect(from).toBe(next);
      expect(to).toBeGreaterThan(from);
      next = to;
    }
    expect(next).toBe(height);
  });
});

describe('#runBands', () => {
  it('runs every row on the caller when no sharer is installed', () => {
    const image = noise(64, 300, true);
    const calls: [number, number][] = [];
    runBands({ kind: 'lut3d', nodes: lut.data, src: image, dst: image }, (from, to) =>
      calls.push([from, to]),
    );
    expect(calls).toEqual([[0, 300]]);
  });

  it('offers nothing for frames in ordinary memory, or too few rows to split', () => {
    const offers: BandOffer[] = [];
    setBandSharer((offer) => offers.push(offer));
    const plain = noise(64, 300, false);
    runBands({ kind: 'lut3d', nodes: lut.data, src: plain, dst: plain }, () => {});
    const short = noise(64, 100, true);
    runBands({ kind: 'lut3d', nodes: lut.data, src: short, dst: short }, () => {});
    expect(offers).toHaveLength(0);
  });

  it('splits shared frames into bands that the caller and a helper share, every band once', () => {
    const image = noise(50, 1000, true);
    const rowsDone = new Uint8Array(1000);
    const byHelper: number[] = [];
    // A helper that is free at once takes the first bands before the caller starts on its own.
    setBandSharer((offer) => {
      for (let k = 0; k < 3; k++) {
        const band = Atomics.add(offer.control, 0, 1);
        const { from, to } = bandRows(band, offer.bands, 1000);
        for (let y = from; y < to; y++) rowsDone[y]++;
        byHelper.push(band);
        Atomics.add(offer.control, 1, 1);
      }
    });
    runBands({ kind: 'lut3d', nodes: lut.data, src: image, dst: image }, (from, to) => {
      for (let y = from; y < to; y++) rowsDone[y]++;
    });
    expect(byHelper).toEqual([0, 1, 2]);
    expect([...rowsDone].every((n) => n === 1)).toBe(true);
  });

  it('throws instead of waiting forever when a helper stops mid-band', () => {
    const image = noise(50, 1000, true);
    setBandSharer((offer) => {
      Atomics.add(offer.control, 0, 1); // claims a band and never finishes it
    });
    expect(() =>
      runBands(
        { kind: 'lut3d', nodes: lut.data, src: image, dst: frameLike(image, image.width, image.height) },
        () => {},
        50,
      ),
    ).toThrow(/1 of 15 bands unfinished/);
  });
});

describe('#takeBands', () => {
  it('gives the 3D table the same bytes in bands as in one pass', () => {
    const image = noise(123, 700, true);
    const whole = applyLut3d(image, lut, frameLike(image, 123, 700));
    const banded = frameLike(image, 123, 700);
    const offer: BandOffer = {
      job: { kind: 'lut3d', nodes: lut.data, src: image, dst: banded },
      control: new Int32Array(new SharedArrayBuffer(8)),
      bands: 7,
    };
    expect(takeBands(offer, (from, to) => applyLut3dRows(image, lut.data, banded, from, to))).toBe(7);
    expect(Buffer.compare(Buffer.from(whole.data), Buffer.from(banded.data))).toBe(0);
  });
});

describe('frames', () => {
  it("banded kernels' frames follow a shared photo into shared memory, other frames stay ordinary", () => {
    const image = noise(400, 300, true);
    expect(isShared(frameLike(image, 10, 10))).toBe(true);
    expect(isShared(frameLike(noise(4, 4, false), 4, 4))).toBe(false);
    expect(isShared(createLike(image))).toBe(false);
    expect(isShared(applyLut3d(image, lut))).toBe(true);
    const t = (2 * Math.PI) / 180;
    const rotated = warpAndCrop(
      image,
      [Math.cos(t), -Math.sin(t), 5, Math.sin(t), Math.cos(t), -3, 0, 0, 1],
      true,
    );
    expect(isShared(rotated)).toBe(true);
    const plain = warpAndCrop(noise(400, 300, false), [Math.cos(t), -Math.sin(t), 5, Math.sin(t), Math.cos(t), -3, 0, 0, 1], true); // prettier-ignore
    expect(Buffer.compare(Buffer.from(rotated.data), Buffer.from(plain.data))).toBe(0);
  });
});
