// Where the detector's files live on disk: inside the installed npm packages, never fetched from a hub.
// The server reads them here to run the analysis itself and serves them to browsers under /models/.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DetectorModelFiles } from '../../../core/analysis/room/detector';
import { DETECTOR_MODEL_FILE } from '../../../core/analysis/room/modelFiles';

const require = createRequire(import.meta.url);

/** The folder of @vladmandic/human's bundled models (its package exports hide them from import). */
export function humanModelsDir(): string {
  // The 'require' export is dist/human.node.js; the models sit beside dist/.
  return join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

/** The folder holding tfjs-backend-wasm's .wasm binaries. */
export function tfjsWasmDir(): string {
  return dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
}

export async function readDetectorModelFiles(): Promise<DetectorModelFiles> {
  const dir = humanModelsDir();
  const modelJson = JSON.parse(
    await readFile(join(dir, DETECTOR_MODEL_FILE), 'utf8'),
  ) as DetectorModelFiles['modelJson'];
  const parts = await Promise.all(
    modelJson.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(join(dir, p))),
  );
  const all = Buffer.concat(parts);
  return { modelJson, weights: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) };
}
