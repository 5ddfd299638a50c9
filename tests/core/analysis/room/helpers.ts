// Small builders for the room analysis tests: synthetic images, detections and detector outputs.
import { COCO_LABELS, type CocoLabel } from '../../../../core/analysis/room/cocoLabels';
import type { Box, Detection, DetectorOutput } from '../../../../core/analysis/room/types';
import type { RgbaImage } from '../../../../core/imaging/types';

export function paint(
  width: number,
  height: number,
  color: (x: number, y: number) => [number, number, number],
): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([...color(x, y), 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

export const BOX: Box = { x: 0.2, y: 0.3, width: 0.5, height: 0.5 };

export function det(label: CocoLabel, score: number, box: Box = BOX): Detection {
  return { label, score, box };
}

/**
 * A detector output where the listed objects were found (each also its class's best score) and every other
 * class has the faint background score real photos show.
 */
export function output(
  objects: Partial<Record<CocoLabel, number>>,
): Pick<DetectorOutput, 'detections' | 'classScores'> {
  return {
    classScores: COCO_LABELS.map((l) => objects[l] ?? 0.03),
    detections: Object.entries(objects).map(([label, score]) => det(label as CocoLabel, score)),
  };
}

/** An indoor scene: a light wall over a wooden floor. */
export const ROOM_IMAGE = paint(96, 64, (_x, y) => (y > 40 ? [150, 110, 70] : [225, 220, 210]));
/** An outdoor scene: blue sky, a house-coloured middle, a lawn. */
export const OUTDOOR_IMAGE = paint(96, 64, (_x, y) =>
  y < 22 ? [110, 160, 225] : y > 44 ? [70, 140, 50] : [180, 170, 160],
);
