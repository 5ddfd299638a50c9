// The task table of the image pool: one entry per kind of server image work, each a function of plain data that
// runs in a worker thread (worker.ts). The server's thread only imports this module's types (imagePool.ts), so
// none of the code below is ever loaded there. A task never keeps or returns memory it holds on to between
// tasks: whatever it returns is moved out of the worker. The room detector (tfjs) loads on a worker's first
// detection task only.
import type { Detection } from '../../core/analysis/room/types';
import type { DeclutterModeId } from '../../core/declutter';
import type { RgbaImage } from '../../core/imaging/types';
import { runOperations, type OperationId } from '../ai/builtin/operations';
import { removeAtRemovalSize } from '../ai/builtin/removalScale';
import { imageStats } from '../ai/builtin/stats';
import { decodeToRgba, inspectUpload, rgbaToJpeg, uploadToJpeg } from './codec';
import { readPhotoBody, type PhotoBodyKind, type PhotoBodySource } from './photoBody';

export const TASKS = {
  /** An image route's large body read into fields and photo bytes (photoBody.ts), off the server's thread. */
  photoBody: ({ kind, source }: { kind: PhotoBodyKind; source: PhotoBodySource }) =>
    readPhotoBody(kind, source),
  /** An upload's size as sharp reads it, after one trial decode (images.ts checkImage). */
  inspect: ({ bytes, maxPixels }: { bytes: Uint8Array; maxPixels: number }) =>
    inspectUpload(bytes, maxPixels),
  /** A photo's bytes or file path to RGBA (images.ts decodeRgba). */
  decode: ({ source, maxSide }: { source: Uint8Array | string; maxSide?: number }) =>
    decodeToRgba(source, maxSide),
  /** An upload as a JPEG without metadata (for the AI service, or as an unchanged result). */
  uploadJpeg: ({ bytes, maxSide }: { bytes: Uint8Array; maxSide?: number }) => uploadToJpeg(bytes, maxSide),
  /** A result's pixels as a JPEG without metadata. */
  encodeJpeg: ({ image }: { image: RgbaImage }) => rgbaToJpeg(image),
  /** The builtin provider's classical operations (its approximated modes, implemented suggestions). */
  operations: ({ image, ids }: { image: RgbaImage; ids: readonly OperationId[] }) =>
    runOperations(image, ids),
  /** The builtin provider's measurements of one photo (analysis, suggestions). */
  imageStats: ({ image }: { image: RgbaImage }) => imageStats(image),
  /** The room detector and trained head (server/ai/room): room type and visible elements. */
  analyzeRoom: async ({ image }: { image: RgbaImage }) => (await import('../ai/room')).analyzeRoomRgba(image),
  /** The room detector's boxes alone (the removal modes' objects). */
  detectObjects: async ({ image }: { image: RgbaImage }): Promise<Detection[]> =>
    (await (await import('../ai/room/signals')).roomSignals(image)).output.detections,
  /**
   * One removal round of a photo of any size (removalScale.ts): the copy at REMOVAL_SIDE, core/declutter's removal
   * and patch fill of the given detections on it, and the fill brought back into the photo, all in the worker.
   */
  removeClutterScaled: ({
    image,
    detections,
    mode,
  }: {
    image: RgbaImage;
    detections: readonly Detection[];
    mode: DeclutterModeId;
  }) => removeAtRemovalSize(image, detections, mode),
} satisfies Record<string, (input: never) => unknown>;

export type TaskKind = keyof typeof TASKS;
export type TaskInput<K extends TaskKind> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskKind> = Awaited<ReturnType<(typeof TASKS)[K]>>;

/** What the server's thread posts: the task, and the buffers of the images it lends (moved in, moved back). */
export interface TaskRequest {
  kind: TaskKind;
  input: unknown;
  lent: ArrayBuffer[];
}

/** What a worker answers: the result or the error, the lent buffers back, and which thread did the work. */
export type TaskReply =
  | { ok: true; value: unknown; lent: ArrayBuffer[]; threadId: number }
  | {
      ok: false;
      error: { name: string; message: string; stack?: string };
      lent: ArrayBuffer[];
      threadId: number;
    };
