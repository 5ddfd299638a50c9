// A black-and-white photo gets black-and-white pieces: the composite tells one from its pixels.
import { describe, expect, it } from 'vitest';
import { isMonochrome } from '../../../web/staging/scene/composite';

/** A 64 × 64 photo whose pixel i is `rgb(i)`. */
function photo(rgb: (i: number) => [number, number, number]) {
  const data = new Uint8ClampedArray(64 * 64 * 4);
  for (let i = 0; i < 64 * 64; i++) data.set([...rgb(i), 255], i * 4);
  return { width: 64, height: 64, data };
}

describe('isMonochrome', () => {
  it.each([
    ['grey levels', (i: number) => [i % 256, i % 256, i % 256], true],
    [
      'grey with the JPEG rounding a channel by one',
      (i: number) => [i % 200, (i % 200) + (i % 2), i % 200],
      true,
    ],
    ['a warm room', (i: number) => [(i % 128) + 60, (i % 128) + 40, (i % 128) + 20], false],
    [
      'grey walls with a red sofa in a quarter',
      (i: number) => (i % 4 === 0 ? [180, 40, 40] : [120, 120, 120]),
      false,
    ],
  ] as const)('%s: %s', (_, rgb, expected) => {
    expect(isMonochrome(photo(rgb as (i: number) => [number, number, number]))).toBe(expected);
  });
});
