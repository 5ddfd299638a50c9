import { describe, it, expect } from 'vitest';
import type { RoomType } from '../../../../core/catalog';
import type { CocoLabel } from '../../../../core/analysis/room/cocoLabels';
import { roomFeatureVector } from '../../../../core/analysis/room/roomFeatures';
import { priorLogits, voteStrength } from '../../../../core/analysis/room/rulePrior';
import { sceneFeatures } from '../../../../core/analysis/room/sceneFeatures';
import { OUTDOOR_IMAGE, ROOM_IMAGE, output } from './helpers';

const CLASSES: RoomType[] = ['bathroom', 'bedroom', 'exterior', 'kitchen', 'livingRoom'];
const indoors = sceneFeatures(ROOM_IMAGE);

function votes(objects: Partial<Record<CocoLabel, number>>, scene = indoors): Record<string, number> {
  const logits = priorLogits(roomFeatureVector(output(objects), scene), CLASSES);
  return Object.fromEntries(CLASSES.map((c, i) => [c, Math.round(logits[i] * 100) / 100]));
}

describe('#voteStrength', () => {
  it.each([
    [0, 0],
    [0.2, 0],
    [0.4, 0.5],
    [0.6, 1],
    [0.95, 1],
  ])('score %f -> %f', (score, expected) => {
    expect(voteStrength(score)).toBeCloseTo(expected, 10);
  });
});

describe('#priorLogits', () => {
  it.each<[string, Partial<Record<CocoLabel, number>>, Partial<Record<RoomType, number>>]>([
    ['nothing found', {}, {}],
    ['a clear toilet', { toilet: 0.8 }, { bathroom: 4 }],
    ['a half-sure bed', { bed: 0.4 }, { bedroom: 2 }],
    ['a sink votes for both rooms with sinks', { sink: 0.6 }, { bathroom: 1, kitchen: 1 }],
    ['kitchen appliances add up', { oven: 0.6, microwave: 0.6 }, { kitchen: 6 }],
    ['a TV leans living room, a little bedroom', { tv: 0.6 }, { livingRoom: 1, bedroom: 0.5 }],
  ])('%s', (_name, objects, expected) => {
    expect(votes(objects)).toEqual({
      bathroom: 0,
      bedroom: 0,
      exterior: 0,
      kitchen: 0,
      livingRoom: 0,
      ...expected,
    });
  });

  it('votes for outside under a blue sky over a lawn', () => {
    const v = votes({}, sceneFeatures(OUTDOOR_IMAGE));
    expect(v.exterior).toBeGreaterThan(4.5);
    expect(v.bathroom + v.bedroom + v.kitchen + v.livingRoom).toBe(0);
  });

  it('only votes for the classes asked for', () => {
    const row = roomFeatureVector(output({ toilet: 0.9, bed: 0.9 }), indoors);
    expect(priorLogits(row, ['bedroom'])).toEqual([4]);
  });
});
