// The 3D staging's files as browsers fetch them (server/staging/assetRoute.ts): the segmenter, onnxruntime-web's
// wasm runtime and the furniture, each under a versioned path that matches the content on disk, with its type
// and a year of caching; the runtime compressed; nothing else below those folders.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FURNITURE_URL_PREFIX,
  ORT_WASM_URL_PREFIX,
  SEGMENTER_MODEL_URL,
  furnitureFileUrl,
} from '../../core/staging/assets';
import { startTestServer, type TestServer } from '../helpers/startServer';

const require = createRequire(import.meta.url);
const MODELS_DIR = resolve(import.meta.dirname, '../../models');
const FURNITURE_DIR = join(MODELS_DIR, 'furniture-3d');
const ONNX_PATH = join(MODELS_DIR, 'deeplabv3-ade20k', 'deeplabv3_mnv2_ade20k_uint8.onnx');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const WASM_MAGIC = [0, 0x61, 0x73, 0x6d];

const furnitureNames = readdirSync(FURNITURE_DIR)
  .filter((name) => /\.(glb|png)$/.test(name) || name === 'manifest.json')
  .sort();

describe('staging asset paths', () => {
  it('name the segmenter by its content (update core/staging/assets.ts with the file)', () => {
    const hash = createHash('sha256').update(readFileSync(ONNX_PATH)).digest('hex').slice(0, 8);
    expect(SEGMENTER_MODEL_URL).toBe(`/models/deeplabv3-ade20k-${hash}/deeplabv3_mnv2_ade20k_uint8.onnx`);
  });

  it('name the installed onnxruntime-web (bump core/staging/assets.ts with the package)', () => {
    // Its exports map hides package.json; dist/ sits beside it.
    const dist = dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'));
    const pkg = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version: string };
    expect(ORT_WASM_URL_PREFIX).toBe(`/models/ort-${pkg.version}/`);
  });

  it('name the furniture by its content (update core/staging/assets.ts when a model changes)', () => {
    const hash = createHash('sha256');
    for (const name of furnitureNames) {
      hash.update(`${name}\0`);
      hash.update(readFileSync(join(FURNITURE_DIR, name)));
    }
    expect(FURNITURE_URL_PREFIX).toBe(`/models/furniture-3d-${hash.digest('hex').slice(0, 8)}/`);
  });

  it('cover every file the manifest names', () => {
    const manifest = JSON.parse(readFileSync(join(FURNITURE_DIR, 'manifest.json'), 'utf8')) as {
      file: string;
      thumbnail: string;
    }[];
    expect(manifest.length).toBe(14);
    for (const entry of manifest) {
      expect(furnitureNames).toContain(entry.file);
      expect(furnitureNames).toContain(entry.thumbnail);
    }
  });
});

describe('staging assets served', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the segmenter as octet-stream, byte for byte', async () => {
    const res = await fetch(`${server.url}${SEGMENTER_MODEL_URL}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(ONNX_PATH))).toBe(true);
  });

  it('serves the runtime compressed, as application/wasm and text/javascript', async () => {
    // What Chromium sends (Node's fetch by itself offers no br).
    const wasm = await fetch(`${server.url}${ORT_WASM_URL_PREFIX}ort-wasm-simd-threaded.wasm`, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(wasm.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(wasm.headers.get('content-encoding')).toBe('br');
    expect(wasm.headers.get('vary')).toMatch(/Accept-Encoding/i);
    // fetch has decoded it: the whole binary arrives.
    const bytes = new Uint8Array(await wasm.arrayBuffer());
    expect(Array.from(bytes.slice(0, 4))).toEqual(WASM_MAGIC);
    expect(bytes.byteLength).toBe(
      readFileSync(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm')).length,
    );

    const mjs = await fetch(`${server.url}${ORT_WASM_URL_PREFIX}ort-wasm-simd-threaded.mjs`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(mjs.status).toBe(200);
    expect(mjs.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(mjs.headers.get('content-encoding')).toBe('gzip');
    expect(await mjs.text()).toBe(
      readFileSync(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.mjs'), 'utf8'),
    );
  });

  it('serves the runtime plain to a client that accepts no compression', async () => {
    const res = await fetch(`${server.url}${ORT_WASM_URL_PREFIX}ort-wasm-simd-threaded.wasm`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/wasm');
    expect(Array.from(new Uint8Array(await res.arrayBuffer()).slice(0, 4))).toEqual(WASM_MAGIC);
  });

  it.each([
    ['sofa-03.glb', 'model/gltf-binary'],
    ['sofa-03.png', 'image/png'],
    ['manifest.json', 'application/json; charset=utf-8'],
  ])('serves the furniture file %s as %s', async (file, type) => {
    const res = await fetch(`${server.url}${furnitureFileUrl(file)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(FURNITURE_DIR, file)))).toBe(true);
  });

  it('serves every furniture file of the folder', async () => {
    for (const name of furnitureNames) {
      const res = await fetch(`${server.url}${furnitureFileUrl(name)}`, { method: 'HEAD' });
      expect(res.status, name).toBe(200);
    }
  });

  it.each([
    ['an unknown furniture file', furnitureFileUrl('chaise-longue.glb')],
    ['the furniture README', furnitureFileUrl('README.md')],
    ['an older furniture version', '/models/furniture-3d-00000000/sofa-03.glb'],
    ['the unversioned furniture folder', '/models/furniture-3d/sofa-03.glb'],
    ['another ort build', `${ORT_WASM_URL_PREFIX}ort-wasm-simd-threaded.jsep.wasm`],
    ['the ort bundle', `${ORT_WASM_URL_PREFIX}ort.wasm.min.mjs`],
    ['an older ort', '/models/ort-1.0.0/ort-wasm-simd-threaded.wasm'],
    [
      'the segmenter under another hash',
      '/models/deeplabv3-ade20k-00000000/deeplabv3_mnv2_ade20k_uint8.onnx',
    ],
    ['the segmenter README', SEGMENTER_MODEL_URL.replace('deeplabv3_mnv2_ade20k_uint8.onnx', 'README.md')],
    ['a path escape', `${FURNITURE_URL_PREFIX}..%2F..%2Fpackage.json`],
  ])('answers 404 for %s', async (_name, path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(404);
  });
});
