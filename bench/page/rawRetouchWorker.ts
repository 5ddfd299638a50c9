// A test worker for the engine's browser tests: the learned retouch exactly as the image worker loads and runs
// it (the engine's decoder, web/engine/learnedRetouch's weights from their build URLs, core's autoOptimize), but
// tone-only and answering the raw RGBA pixels instead of a JPEG, so a test can compare them byte for byte with
// `npm run enhance -- --tone-only` in Node (a JPEG encoder of either side would hide any difference).
import { expose, transfer } from 'comlink';
import { autoOptimize } from '../../core/imaging/pipeline';
import { canvasCodec } from '../../web/engine/canvasCodec';
import { loadRetoucher } from '../../web/engine/learnedRetouch';

export interface RawRetouchApi {
  retouch(
    blob: Blob,
    strength: number,
  ): Promise<{ width: number; height: number; pixels: Uint8Array; ms: number; loadMs: number }>;
}

const api: RawRetouchApi = {
  async retouch(blob, strength) {
    const image = await canvasCodec.decode(blob, 'image/png');
    let started = performance.now();
    const retoucher = await loadRetoucher();
    const loadMs = performance.now() - started;
    started = performance.now();
    const result = autoOptimize(image, retoucher, { strength, toneOnly: true }).image;
    const ms = performance.now() - started;
    const pixels = new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
    return transfer({ width: result.width, height: result.height, pixels, ms, loadMs }, [pixels.buffer]);
  },
};

expose(api);
