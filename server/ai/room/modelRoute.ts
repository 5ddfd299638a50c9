// Serves the detector's model files and tfjs' .wasm binaries to browsers under /models/, straight from the
// installed npm packages (nothing is copied into the build, so the first page load never carries them). Only
// the named files of the current versions are served; the versioned paths never change content, so browsers
// and the service worker may keep them for a year.
import { join } from 'node:path';
import { Router } from 'express';
import {
  DETECTOR_FILE_NAMES,
  DETECTOR_URL_PREFIX,
  ROOM_MODEL_PREFIX,
  TFJS_WASM_FILE_NAMES,
  TFJS_WASM_URL_PREFIX,
} from '../../../core/analysis/room/modelFiles';
import { humanModelsDir, tfjsWasmDir } from './modelFiles';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.bin': 'application/octet-stream',
  // Needed for WebAssembly.instantiateStreaming, the fast way browsers compile it.
  '.wasm': 'application/wasm',
};

/** URL path (below /models/) to file on disk, for exactly the files the analysis needs. */
function roomModelFileMap(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of DETECTOR_FILE_NAMES) files.set(DETECTOR_URL_PREFIX + name, join(humanModelsDir(), name));
  for (const name of TFJS_WASM_FILE_NAMES) files.set(TFJS_WASM_URL_PREFIX + name, join(tfjsWasmDir(), name));
  return files;
}

/** Requests below ROOM_MODEL_PREFIX (letters and slashes only); those not in the map fall through. */
const UNDER_PREFIX = new RegExp(`^${ROOM_MODEL_PREFIX}`);

export function roomModelRouter(): Router {
  const files = roomModelFileMap();
  const router = Router();
  router.get(UNDER_PREFIX, (req, res, next) => {
    const filePath = files.get(req.path);
    if (!filePath) {
      next();
      return;
    }
    const type = CONTENT_TYPES[filePath.slice(filePath.lastIndexOf('.'))] ?? 'application/octet-stream';
    res.sendFile(
      filePath,
      { cacheControl: false, headers: { 'Cache-Control': IMMUTABLE, 'Content-Type': type } },
      (error) => {
        if (error) next(error);
      },
    );
  });
  return router;
}
