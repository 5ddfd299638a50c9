// The messages between the room analyser bridge and its worker (types only, so the page never loads tfjs).
import type { ImageRoomAnalysis } from '../../../core/analysis/room/types';

export type TfBackendName = 'webgpu' | 'webgl' | 'wasm';

export interface RoomWorkerResult extends ImageRoomAnalysis {
  /** The tfjs backend that ran the detector (for logs and the benchmark). */
  backend: TfBackendName;
}

export interface RoomWorkerApi {
  /** Decodes the photo, runs the detector and the room head. Rejects when the photo cannot be decoded. */
  analyze(blob: Blob): Promise<RoomWorkerResult>;
}

/** Error name of a photo the browser cannot decode (anything else is a processing failure). */
export const DECODE_FAILED = 'RoomDecodeError';
