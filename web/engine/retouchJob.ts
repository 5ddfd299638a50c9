// One retouch on the device: the painted strokes of a photo filled by core's patch fill (the same removal the
// server's builtin provider runs), then encoded without metadata. The codec comes in as a parameter, so this
// runs in Node tests (sharp) as in the retouch worker (canvas).
import { removeClutter, type Stroke } from '../../core/declutter';
import type { Codec } from './photoJob';
import { inspect } from './photoJob';

export interface RetouchJob {
  blob: Blob;
  /** Brush strokes in fractions of the photo (radius: share of its longer side). */
  strokes: readonly Stroke[];
}

export type RetouchOutcome =
  | { ok: true; blob: Blob; width: number; height: number; description: string }
  | { ok: false; detail: string };

/** The retouch worker's API as seen through comlink. */
export interface RetouchWorkerApi {
  retouch(job: RetouchJob): Promise<RetouchOutcome>;
}

export async function retouchJob(job: RetouchJob, codec: Codec): Promise<RetouchOutcome> {
  try {
    const header = await inspect(job.blob);
    if (!header) return { ok: false, detail: 'unreadable photo' };
    const image = await codec.decode(job.blob, header.type);
    const result = removeClutter(image, [], 'declutter', job.strokes);
    const blob = await codec.encode(result.image);
    return { ok: true, blob, width: image.width, height: image.height, description: result.description };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
