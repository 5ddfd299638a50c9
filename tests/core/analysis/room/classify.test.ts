// The mapping from what the detector saw to the room, through the committed head (models/room-head.json)
// and the rule prior: a table of typical photos, described by their objects and their scene.
import { describe, it, expect } from 'vitest';
import type { RoomType } from '../../../../core/catalog';
import type { CocoLabel } from '../../../../core/analysis/room/cocoLabels';
import { classifyRoom } from '../../../../core/analysis/room/classify';
import { ROOM_HEAD } from '../../../../core/analysis/room/head';
import { sceneFeatures } from '../../../../core/analysis/room/sceneFeatures';
import { OUTDOOR_IMAGE, ROOM_IMAGE, output } from './helpers';

const indoors = sceneFeatures(ROOM_IMAGE);
const outdoors = sceneFeatures(OUTDOOR_IMAGE);

describe('#classifyRoom', () => {
  it.each<[string, Partial<Record<CocoLabel, number>>, 'in' | 'out', RoomType]>([
    ['toilet and sink', { toilet: 0.8, sink: 0.6 }, 'in', 'bathroom'],
    ['a toilet alone', { toilet: 0.6 }, 'in', 'bathroom'],
    ['a bed', { bed: 0.7 }, 'in', 'bedroom'],
    ['a bed with a TV', { bed: 0.7, tv: 0.5 }, 'in', 'bedroom'],
    ['oven and fridge', { oven: 0.7, refrigerator: 0.6 }, 'in', 'kitchen'],
    ['microwave over a sink', { microwave: 0.6, sink: 0.5 }, 'in', 'kitchen'],
    ['sofa and TV', { couch: 0.7, tv: 0.6 }, 'in', 'livingRoom'],
    ['a sofa', { couch: 0.6 }, 'in', 'livingRoom'],
    ['sky and lawn, nothing else', {}, 'out', 'exterior'],
    ['a car in the drive', { car: 0.5 }, 'out', 'exterior'],
  ])('%s', (_name, objects, scene, expected) => {
    const result = classifyRoom(output(objects), scene === 'in' ? indoors : outdoors, ROOM_HEAD);
    expect(result.roomType).toBe(expected);
  });

  it('is unsure about an empty room: nothing in it says which room it is', () => {
    const result = classifyRoom(output({}), indoors, ROOM_HEAD);
    expect(result.confidence).toBeLessThan(0.6);
    expect(result.visibleElements).toEqual(classifyRoom(output({}), outdoors, ROOM_HEAD).visibleElements);
  });

  it('answers probabilities of the trained rooms that sum to 1, confidence being the largest', () => {
    const result = classifyRoom(output({ bed: 0.7 }), indoors, ROOM_HEAD);
    const values = Object.values(result.probabilities);
    expect(Object.keys(result.probabilities).sort()).toEqual([...ROOM_HEAD.classes].sort());
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(result.confidence).toBe(Math.max(...values));
  });

  it('is more sure the stronger the evidence', () => {
    const faint = classifyRoom(output({ toilet: 0.3 }), indoors, ROOM_HEAD);
    const strong = classifyRoom(output({ toilet: 0.9, sink: 0.7 }), indoors, ROOM_HEAD);
    expect(strong.confidence).toBeGreaterThan(faint.confidence);
  });

  it('fills the visible elements from the same detections', () => {
    const result = classifyRoom(output({ bed: 0.8, tv: 0.5 }), indoors, ROOM_HEAD);
    expect(result.visibleElements).toMatchObject({
      hasBed: true,
      hasPillows: true,
      hasTV: true,
      hasAppliances: false,
    });
  });

  it('calls a photo general when the top probability is under the head threshold', () => {
    const unsure = { ...ROOM_HEAD, generalBelow: 1 };
    expect(classifyRoom(output({ bed: 0.8 }), indoors, unsure).roomType).toBe('general');
  });
});
