import { describe, it, expect } from 'vitest';
import { COCO_LABELS, cocoIndex } from '../../../../core/analysis/room/cocoLabels';
import {
  AREA_LABELS,
  ROOM_CUE_LABELS,
  ROOM_FEATURE_NAMES,
  largestSide,
  logOdds,
  roomFeatureVector,
} from '../../../../core/analysis/room/roomFeatures';
import { SCENE_FEATURE_NAMES, sceneFeatures } from '../../../../core/analysis/room/sceneFeatures';
import { ROOM_IMAGE, det, output } from './helpers';

describe('COCO labels', () => {
  it('has the 80 classes in the model order', () => {
    expect(COCO_LABELS).toHaveLength(80);
    expect([cocoIndex('person'), cocoIndex('bed'), cocoIndex('toilet'), cocoIndex('toothbrush')]).toEqual([
      0, 59, 61, 79,
    ]);
  });
});

describe('#logOdds', () => {
  it.each([
    [0.5, 0],
    [0, Math.log(1e-3 / (1 - 1e-3))],
    [1, Math.log((1 - 1e-3) / 1e-3)],
    [0.9, Math.log(9)],
  ])('%f -> %f', (p, expected) => {
    expect(logOdds(p)).toBeCloseTo(expected, 10);
  });
});

describe('#largestSide', () => {
  it('takes the largest box of the label from AREA_MIN_SCORE on', () => {
    const detections = [
      det('bed', 0.5, { x: 0, y: 0, width: 0.5, height: 0.5 }),
      det('bed', 0.3, { x: 0, y: 0, width: 0.8, height: 0.8 }),
      det('bed', 0.1, { x: 0, y: 0, width: 1, height: 1 }),
      det('couch', 0.9, { x: 0, y: 0, width: 1, height: 1 }),
    ];
    expect(largestSide(detections, 'bed')).toBeCloseTo(0.8, 10);
    expect(largestSide(detections, 'toilet')).toBe(0);
  });
});

describe('#roomFeatureVector', () => {
  it('lays out scores, areas and scene cues as ROOM_FEATURE_NAMES says', () => {
    const scene = sceneFeatures(ROOM_IMAGE);
    const vector = roomFeatureVector(output({ bed: 0.9 }), scene);
    expect(vector).toHaveLength(ROOM_FEATURE_NAMES.length);
    expect(ROOM_FEATURE_NAMES).toHaveLength(
      ROOM_CUE_LABELS.length + AREA_LABELS.length + SCENE_FEATURE_NAMES.length,
    );
    expect(vector[ROOM_FEATURE_NAMES.indexOf('score:bed')]).toBeCloseTo(Math.log(9), 10);
    expect(vector[ROOM_FEATURE_NAMES.indexOf('area:bed')]).toBeCloseTo(0.5, 10);
    expect(vector[ROOM_FEATURE_NAMES.indexOf('area:couch')]).toBe(0);
    expect(vector[ROOM_FEATURE_NAMES.indexOf('scene:white')]).toBe(scene.white);
  });
});
