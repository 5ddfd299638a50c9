// The COCO object detector behind the room analysis, shared by the browser worker and Node: the one file in
// core that runs tfjs. It takes the model files as bytes (the caller fetches or reads them) and an RGBA image,
// and returns raw signals; reading boxes (detections.ts) and turning them into a room type is the pure code
// beside it. The caller picks and registers the tfjs backend (web/engine/room, server/ai/room) before loading.
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModelSync } from '@tensorflow/tfjs-converter';
import type { RgbaImage } from '../../imaging/types';
import { DETECTOR_INPUT_SIZE, toDetections } from './detections';
import type { DetectorOutput } from './types';

const OUTPUT_DETECTIONS = 'tower_0/detections';
const OUTPUT_HEATMAP = 'tower_0/keypoints';
// The detection head's globally pooled features (before its squeeze-excite gate): a compact description of the
// whole scene that the model computes anyway, which the trained room head reads.
const OUTPUT_POOLED = 'tower_0/CenternetHead/Mean';

type GraphModel = ReturnType<typeof loadGraphModelSync>;

export interface DetectorModelFiles {
  /** The parsed model.json (a tfjs graph model). */
  modelJson: tf.io.ModelJSON;
  /** The weight file(s) the manifest names, concatenated in manifest order. */
  weights: ArrayBuffer;
}

export interface RoomDetector {
  detect(image: RgbaImage): Promise<DetectorOutput>;
  dispose(): void;
}

export function loadRoomDetector(files: DetectorModelFiles): RoomDetector {
  const model: GraphModel = loadGraphModelSync([files.modelJson, files.weights]);
  return {
    detect: (image) => detect(model, image),
    dispose: () => model.dispose(),
  };
}

async function detect(model: GraphModel, image: RgbaImage): Promise<DetectorOutput> {
  const outputs = tf.tidy(() => {
    const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
    const rgba = tf.tensor3d(pixels, [image.height, image.width, 4], 'int32');
    const rgb = tf.slice(rgba, [0, 0, 0], [-1, -1, 3]);
    // The model takes 0..255 floats (its normalisation is folded into the first convolution).
    const input = tf.image.resizeBilinear(tf.cast(tf.expandDims(rgb, 0), 'float32') as tf.Tensor4D, [
      DETECTOR_INPUT_SIZE,
      DETECTOR_INPUT_SIZE,
    ]);
    const [boxes, heatmap, pooled] = model.execute(input, [
      OUTPUT_DETECTIONS,
      OUTPUT_HEATMAP,
      OUTPUT_POOLED,
    ]) as tf.Tensor[];
    // Per class, the strongest centre anywhere in the image: a soft "is there a bed at all" signal.
    const classScores = tf.max(heatmap, [0, 1, 2]);
    return [boxes, classScores, tf.reshape(pooled, [-1])];
  });
  try {
    const [boxData, classScores, pooled] = await Promise.all(
      outputs.map((t) => t.data() as Promise<Float32Array>),
    );
    return {
      detections: toDetections(boxData),
      classScores: Array.from(classScores),
      pooled: Array.from(pooled),
    };
  } finally {
    tf.dispose(outputs);
  }
}
