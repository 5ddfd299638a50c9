// The room segmenter on real photos, through the same onnxruntime-web path as the browser: the model's bytes
// read from disk and ort's .mjs/.wasm loaded from the package folder as a file:// URL instead of the server.
// Checks that it finds wall and floor where the photos have them, and prints the time per photo.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { LabelMap } from '../../../core/staging/room/types';
import { createSegmenter } from '../../../web/staging/segmenter';
import { fixturePath } from '../../helpers/decodeFixture';

const require = createRequire(import.meta.url);
const MODEL_PATH = resolve(
  import.meta.dirname,
  '../../../models/deeplabv3-ade20k/deeplabv3_mnv2_ade20k_uint8.onnx',
);
const ORT_DIST = pathToFileURL(
  `${dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'))}/`,
).href;

const WALL = 1;
const FLOOR = 4;
const CEILING = 6;
const WINDOWPANE = 9;

/** Photos with visible floor along the bottom edge, and what fills their top tenth (looked at by eye). */
const PHOTOS = [
  { file: 'rooms/bedroom/220_bedroom.jpg', top: [WALL, CEILING] },
  { file: 'rooms/bedroom/193_bedroom.jpg', top: [WALL, CEILING] },
  // Tall windows with curtains between them reach the top edge.
  { file: 'rooms/living_room/Places365_val_00006199.jpg', top: [WALL, CEILING, WINDOWPANE] },
];

/** Share of each label among the rows y0 (inclusive) to y1. */
function shares(map: LabelMap, y0: number, y1: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = y0 * map.width; i < y1 * map.width; i++)
    counts.set(map.labels[i], (counts.get(map.labels[i]) ?? 0) + 1);
  const total = (y1 - y0) * map.width;
  return new Map([...counts].map(([label, n]) => [label, n / total]));
}

const segmenter = createSegmenter({
  loadModel: async () => new Uint8Array(await readFile(MODEL_PATH)),
  wasmPaths: ORT_DIST,
  numThreads: 1,
});

afterAll(() => segmenter.dispose());

describe('segmenter (onnxruntime-web in Node)', () => {
  it.each(PHOTOS)(
    'finds wall and floor in $file',
    async ({ file, top }) => {
      const { data, info } = await sharp(fixturePath(file))
        .rotate()
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const started = performance.now();
      const map = await segmenter.segment({ width: info.width, height: info.height, data });
      const ms = performance.now() - started;
      console.log(`segmenter: ${file} (${info.width}x${info.height}) in ${ms.toFixed(0)} ms`);

      expect(map.width).toBe(512);
      expect(map.height).toBe(512);
      expect(map.labels).toHaveLength(512 * 512);
      expect(map.labels).toContain(WALL);
      expect(map.labels).toContain(FLOOR);

      const tenth = Math.round(map.height / 10);
      const bottom = shares(map, map.height - tenth, map.height);
      const [mostAtBottom] = [...bottom].sort((a, b) => b[1] - a[1])[0];
      expect(mostAtBottom).toBe(FLOOR);
      expect(bottom.get(FLOOR)).toBeGreaterThan(0.4);

      const upper = shares(map, 0, tenth);
      const shell = top.reduce((sum, label) => sum + (upper.get(label) ?? 0), 0);
      expect(shell).toBeGreaterThan(0.6);
    },
    // The first photo also starts ort and builds the session.
    60_000,
  );
});
