// The detector in Node: loaded once per process from the npm package's files, run one photo at a time (the
// wasm backend is single-threaded anyway, and one at a time keeps memory flat under concurrent requests).
import { loadRoomDetector, type RoomDetector } from '../../../core/analysis/room/detector';
import { downscaleRgba } from '../../../core/analysis/room/downscale';
import { sceneFeatures, type SceneFeatures } from '../../../core/analysis/room/sceneFeatures';
import type { DetectorOutput } from '../../../core/analysis/room/types';
import type { RgbaImage } from '../../../core/imaging/types';
import { readDetectorModelFiles } from './modelFiles';
import { ensureTfWasm } from './tfNode';

export interface RoomSignals {
  output: DetectorOutput;
  scene: SceneFeatures;
}

let detector: Promise<RoomDetector> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Loads the detector (once); later calls return the same one. */
export function getDetector(): Promise<RoomDetector> {
  detector ??= (async () => {
    await ensureTfWasm();
    return loadRoomDetector(await readDetectorModelFiles());
  })();
  // A failed load is not cached, so a later call can try again.
  detector.catch(() => (detector = undefined));
  return detector;
}

/** Detector output and scene cues of one photo (shrunk to the analysis size first when larger). */
export function roomSignals(image: RgbaImage): Promise<RoomSignals> {
  const run = async (): Promise<RoomSignals> => {
    const small = downscaleRgba(image);
    const d = await getDetector();
    return { output: await d.detect(small), scene: sceneFeatures(small) };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
