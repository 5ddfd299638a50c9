// The worker thread that runs the patch fill for the builtin provider: removeClutter is pure and CPU-bound (a
// second or more on a 12 MP photo), so it runs here and the server's event loop stays free for other requests.
// Messages: a request (pixels transferred in) answered by the result (pixels and mask transferred out).
import { parentPort } from 'node:worker_threads';
import { removeClutter } from '../../../core/declutter';
import type { RemovalRequest, RemovalResponse } from './removalThread';

const port = parentPort;
if (!port) throw new Error('removalWorker.ts runs as a worker thread');

port.on('message', (request: RemovalRequest) => {
  try {
    const image = {
      width: request.width,
      height: request.height,
      data: new Uint8ClampedArray(request.pixels),
    };
    const result = removeClutter(image, request.detections, request.mode, request.strokes ?? []);
    const pixels = result.image.data.buffer as ArrayBuffer;
    const mask = result.mask.buffer as ArrayBuffer;
    const response: RemovalResponse = {
      id: request.id,
      ok: true,
      pixels,
      mask,
      removed: result.removed,
      paintedAreas: result.paintedAreas,
      description: result.description,
    };
    // The input itself comes back when nothing was removed: its buffer is then both pixels and (not) mask.
    port.postMessage(response, pixels === mask ? [pixels] : [pixels, mask]);
  } catch (error) {
    const response: RemovalResponse = { id: request.id, ok: false, error: String(error) };
    port.postMessage(response);
  }
});
