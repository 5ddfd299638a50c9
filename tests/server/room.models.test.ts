// The detector's files as browsers fetch them: served from the npm packages under versioned /models/ paths,
// cacheable for a year, nothing else of those packages exposed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DETECTOR_MODEL_URL,
  HUMAN_MODELS_VERSION,
  TFJS_WASM_URL_PREFIX,
  TFJS_WASM_VERSION,
} from '../../core/analysis/room/modelFiles';
import { humanModelsDir, tfjsWasmDir } from '../../server/ai/room/modelFiles';
import { startTestServer, type TestServer } from '../helpers/startServer';

function installedVersion(packageDir: string): string {
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('room model files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('names the versions that are installed (bump modelFiles.ts with the packages)', () => {
    expect(installedVersion(join(humanModelsDir(), '..'))).toBe(HUMAN_MODELS_VERSION);
    expect(installedVersion(join(tfjsWasmDir(), '..'))).toBe(TFJS_WASM_VERSION);
  });

  it('serves the model json and weights with a year of caching', async () => {
    const json = await fetch(`${server.url}${DETECTOR_MODEL_URL}`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const model = (await json.json()) as { weightsManifest: { paths: string[] }[] };
    expect(model.weightsManifest.flatMap((g) => g.paths)).toEqual(['centernet.bin']);

    const weights = await fetch(
      `${server.url}${DETECTOR_MODEL_URL.replace('centernet.json', 'centernet.bin')}`,
    );
    expect(weights.status).toBe(200);
    const bytes = await weights.arrayBuffer();
    expect(bytes.byteLength).toBe(readFileSync(join(humanModelsDir(), 'centernet.bin')).byteLength);
  });

  it('serves the wasm binaries as application/wasm', async () => {
    const response = await fetch(`${server.url}${TFJS_WASM_URL_PREFIX}tfjs-backend-wasm-simd.wasm`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/wasm');
    // Every wasm module starts with the bytes \0asm.
    expect(Array.from(new Uint8Array(await response.arrayBuffer()).slice(0, 4))).toEqual([
      0, 0x61, 0x73, 0x6d,
    ]);
  });

  it.each([
    ['another model of the package', `/models/human-${HUMAN_MODELS_VERSION}/faceres.bin`],
    ['an older version', '/models/human-0.0.1/centernet.json'],
    ['the package manifest', `/models/human-${HUMAN_MODELS_VERSION}/../package.json`],
    ['a path escape', `/models/tfjs-${TFJS_WASM_VERSION}/..%2F..%2Fpackage.json`],
  ])('answers 404 for %s', async (_name, path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
  });
});
