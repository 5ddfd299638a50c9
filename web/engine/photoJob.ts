// One photo's way through the worker: check the header (type, pixel count) before decoding anything, decode,
// run the device modes, encode a JPEG. Decoding, encoding and the kernels come in as parameters, so this runs in
// Node tests (with sharp as the codec) as well as in the worker (with createImageBitmap and OffscreenCanvas).

import { MAX_PIXELS } from '../../core/catalog';
import type { EngineStep } from '../../core/imaging/engineSteps';
import type { RgbaImage } from '../../core/imaging/types';
import { readImageSize } from '../../core/upload/imageSize';
import { sniffImageType, type AcceptedImageType } from '../../core/upload/sniffImageType';
import type { StageTimings, WorkerJob, WorkerOutcome, WorkerProgress } from './protocol';

export interface Codec {
  /** Decodes with EXIF orientation applied; photos with transparency come out on white. */
  decode(blob: Blob, type: AcceptedImageType): Promise<RgbaImage>;
  /** Encodes a JPEG that carries no metadata at all (no EXIF, no GPS). */
  encode(image: RgbaImage): Promise<Blob>;
}

/**
 * One device mode applied to an image, with what it did worth telling (codes the web words; often none).
 * `mayOverwrite`: the image is the caller's to give away, so the mode may write its result into it.
 */
export type ModeRunner = (
  modeId: string,
  image: RgbaImage,
  options?: { mayOverwrite?: boolean },
) => { image: RgbaImage; steps: readonly EngineStep[] };

export interface PhotoJobDeps {
  codec: Codec;
  runMode: ModeRunner;
  now?: () => number;
}

/**
 * Enough bytes for the header of nearly every photo. A JPEG's frame header can sit behind EXIF, ICC and XMP
 * segments of up to 64 KB each; when it is not within these bytes we read the whole file once.
 */
export const HEADER_BYTES = 256 * 1024;

// Share of the progress bar per stage: decoding and encoding are a large part of the time on big photos.
const DECODED_AT = 0.3;
const PROCESSED_AT = 0.8;

const message = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Reads type and size from the header; never decodes pixels. */
export async function inspect(
  blob: Blob,
): Promise<{ type: AcceptedImageType; width: number; height: number } | null> {
  const head = new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer());
  const size = readImageSize(head);
  if (size !== null || blob.size <= HEADER_BYTES) return size;
  return readImageSize(new Uint8Array(await blob.arrayBuffer()));
}

export async function photoJob(
  job: WorkerJob,
  deps: PhotoJobDeps,
  onProgress: (progress: WorkerProgress) => void = () => {},
): Promise<WorkerOutcome> {
  const now = deps.now ?? (() => performance.now());
  const fail = (code: Extract<WorkerOutcome, { ok: false }>['code'], detail: string): WorkerOutcome => ({
    ok: false,
    code,
    detail,
  });

  const header = await inspect(job.blob);
  if (header === null) {
    const head = new Uint8Array(await job.blob.slice(0, 12).arrayBuffer());
    return sniffImageType(head) === null
      ? fail('unsupported', 'not a JPEG, PNG or WebP file')
      : fail('decodeFailed', 'the header holds no readable size');
  }
  const pixels = header.width * header.height;
  if (pixels > MAX_PIXELS)
    return fail('tooManyPixels', `${header.width}x${header.height} = ${pixels} pixels`);

  const timings: StageTimings = { decodeMs: 0, processMs: 0, encodeMs: 0 };
  onProgress({ stage: 'decoding', fraction: 0 });
  let image: RgbaImage;
  let mark = now();
  try {
    image = await deps.codec.decode(job.blob, header.type);
  } catch (error) {
    return fail('decodeFailed', message(error));
  }
  timings.decodeMs = now() - mark;

  const notes: EngineStep[][] = [];
  onProgress({ stage: 'processing', fraction: DECODED_AT });
  mark = now();
  try {
    job.modeIds.forEach((modeId, i) => {
      // The decoded frame and every mode's result are this job's own: no mode needs a second frame for them.
      const result = deps.runMode(modeId, image, { mayOverwrite: true });
      image = result.image;
      if (result.steps.length > 0) notes.push([...result.steps]);
      onProgress({
        stage: 'processing',
        fraction: DECODED_AT + ((PROCESSED_AT - DECODED_AT) * (i + 1)) / job.modeIds.length,
      });
    });
  } catch (error) {
    return fail('processingFailed', message(error));
  }
  timings.processMs = now() - mark;

  onProgress({ stage: 'encoding', fraction: PROCESSED_AT });
  mark = now();
  let blob: Blob;
  try {
    blob = await deps.codec.encode(image);
  } catch (error) {
    return fail('processingFailed', message(error));
  }
  timings.encodeMs = now() - mark;
  return { ok: true, blob, width: image.width, height: image.height, notes, timings };
}
