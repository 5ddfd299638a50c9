// Serves the 3D staging's files under the versioned paths of core/staging/assets.ts: the room segmenter from
// models/deeplabv3-ade20k, onnxruntime-web's WebAssembly runtime straight from its npm package, and the
// furniture (.glb, .png, manifest.json) from models/furniture-3d. Only those files answer; the paths change
// with the content, so every answer may be kept for a year. The runtime is sent compressed (see below).
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Router, type Response } from 'express';
import {
  FURNITURE_URL_PREFIX,
  ORT_WASM_FILE_NAMES,
  ORT_WASM_URL_PREFIX,
  SEGMENTER_MODEL_FILE,
  SEGMENTER_MODEL_URL,
} from '../../core/staging/assets';

const require = createRequire(import.meta.url);
const MODELS_DIR = resolve(import.meta.dirname, '../../models');

const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.onnx': 'application/octet-stream',
  // Needed for WebAssembly.instantiateStreaming, the fast way browsers compile it.
  '.wasm': 'application/wasm',
  // The Emscripten loader is imported as a module and started as each thread's worker: a script type is required.
  '.mjs': 'text/javascript; charset=utf-8',
  '.glb': 'model/gltf-binary',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

/** The furniture folder's files that browsers need: the models, their thumbnails and the manifest. */
const isFurnitureFile = (name: string): boolean => /\.(glb|png)$/.test(name) || name === 'manifest.json';

/** URL path to file on disk, for exactly the files staging needs. */
function stagingAssetFileMap(): Map<string, string> {
  const files = new Map<string, string>();
  files.set(SEGMENTER_MODEL_URL, join(MODELS_DIR, 'deeplabv3-ade20k', SEGMENTER_MODEL_FILE));
  // Through the package's exports map, which names each of these files.
  for (const name of ORT_WASM_FILE_NAMES)
    files.set(ORT_WASM_URL_PREFIX + name, require.resolve(`onnxruntime-web/${name}`));
  const furnitureDir = join(MODELS_DIR, 'furniture-3d');
  for (const name of readdirSync(furnitureDir).filter(isFurnitureFile)) {
    files.set(FURNITURE_URL_PREFIX + encodeURIComponent(name), join(furnitureDir, name));
  }
  return files;
}

/**
 * The runtime's .wasm is 14 MB and shrinks to under 3 MB with brotli (the .mjs loader by two thirds); the
 * model, the GLBs (meshopt, WebP) and the PNGs are compressed already. Nothing in front of the server
 * compresses (deploy/nginx.conf), so these two are compressed here once, off the event loop, and kept.
 */
const COMPRESSIBLE = new Set(['.wasm', '.mjs']);
const ENCODERS = {
  br: (raw: Buffer) =>
    promisify(brotliCompress)(raw, {
      // Quality 5: within a tenth of the best size at a fiftieth of its time (0.4 s for the .wasm).
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  gzip: (raw: Buffer) => promisify(gzip)(raw, { level: 6 }),
} as const;
type Encoding = keyof typeof ENCODERS;

export function stagingAssetRouter(): Router {
  const files = stagingAssetFileMap();
  const compressed = new Map<string, Promise<Buffer>>();
  const encoded = (filePath: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${filePath}`;
    let pending = compressed.get(key);
    if (!pending) {
      pending = readFile(filePath).then(ENCODERS[encoding]);
      // A failure (the file gone) is not kept, so a later request tries again.
      pending.catch(() => compressed.delete(key));
      compressed.set(key, pending);
    }
    return pending;
  };

  const sendPlain = (res: Response, filePath: string, type: string, next: (error?: unknown) => void) =>
    res.sendFile(
      filePath,
      { cacheControl: false, headers: { 'Cache-Control': IMMUTABLE, 'Content-Type': type } },
      (error) => {
        if (error) next(error);
      },
    );

  const router = Router();
  router.get(/^\/models\//, (req, res, next) => {
    const filePath = files.get(req.path);
    if (!filePath) {
      next();
      return;
    }
    const ext = extname(filePath);
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    if (!COMPRESSIBLE.has(ext)) {
      sendPlain(res, filePath, type, next);
      return;
    }
    res.vary('Accept-Encoding');
    // Brotli whenever accepted (a fifth smaller than gzip here), whatever order the client lists them in.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined;
    if (!encoding) {
      sendPlain(res, filePath, type, next);
      return;
    }
    encoded(filePath, encoding).then((body) => {
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('Content-Type', type);
      res.setHeader('Content-Encoding', encoding);
      res.send(body);
    }, next);
  });
  return router;
}
