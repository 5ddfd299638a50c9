// The room analysis in Node, for the builtin (offline) server provider and `npm run analyze`: the same
// detector, features and trained head as the browser worker (core/analysis/room), on tfjs' WebAssembly backend.
// Callers decode with the server's one sharp decode (server/pool/images.ts: decodeRgba), best at
// ANALYSIS_MAX_SIDE; larger photos are shrunk here first.
import { classifyRoom, type RoomClassification } from '../../../core/analysis/room/classify';
import { ROOM_HEAD } from '../../../core/analysis/room/head';
import type { ImageRoomAnalysis } from '../../../core/analysis/room/types';
import type { RgbaImage } from '../../../core/imaging/types';
import { getDetector, roomSignals } from './signals';

/** Room type, confidence and visible elements of one RGBA photo. The first call loads the model (~0.5 s). */
export async function analyzeRoomRgba(image: RgbaImage): Promise<ImageRoomAnalysis> {
  const started = performance.now();
  const { roomType, confidence, visibleElements } = await classifyRgba(image);
  return { roomType, confidence, visibleElements, ms: Math.round(performance.now() - started) };
}

/** Like analyzeRoomRgba, with every class probability (for the CLI and for measuring). */
export async function classifyRgba(image: RgbaImage): Promise<RoomClassification> {
  const { output, scene } = await roomSignals(image);
  return classifyRoom(output, scene, ROOM_HEAD);
}

/** Loads the model now, so the first photo's time measures the analysis and not the start-up. */
export async function warmUpRoomAnalysis(): Promise<void> {
  await getDetector();
}
