// A small seeded random source (mulberry32) so every fill is reproducible: the same photo and mask give the same
// pixels on the server, on the device and in the tests.

export type Random = () => number;

/** Uniform numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
