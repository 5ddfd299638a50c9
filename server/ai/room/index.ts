// The room analysis in Node, for the builtin (offline) server provider and `npm run analyze`: the same
// detector, features and trained head as the browser worker, on tfjs' WebAssembly backend.
import { classifyRoom, type RoomClassification } from '../../../core/analysis/room/classify';
import { ROOM_HEAD } from '../../../core/analysis/room/head';
import type { ImageRoomAnalysis, RgbaImage } from '../../../core/analysis/room/types';
import { decodeForAnalysis } from './decode';
import { getDetector, roomSignals } from './signals';

export type { ImageRoomAnalysis, RgbaImage };
export { decodeForAnalysis };

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

/** Decodes photo bytes (JPEG, PNG, WEBP) and analyses them. */
export async function analyzeRoomBytes(bytes: Buffer): Promise<ImageRoomAnalysis> {
  const started = performance.now();
  const analysis = await analyzeRoomRgba(await decodeForAnalysis(bytes));
  return { ...analysis, ms: Math.round(performance.now() - started) };
}

/** Loads the model now, so the first photo's time measures the analysis and not the start-up. */
export async function warmUpRoomAnalysis(): Promise<void> {
  await getDetector();
}
