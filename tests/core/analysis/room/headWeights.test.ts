import { describe, it, expect } from 'vitest';
import weights from '../../../../models/room-head.json';
import { parseRoomHead } from '../../../../core/analysis/room/headWeights';
import { ROOM_FEATURE_NAMES } from '../../../../core/analysis/room/roomFeatures';

describe('#parseRoomHead', () => {
  it("accepts the committed weights, trained on this build's features", () => {
    const head = parseRoomHead(weights);
    expect(head.features).toEqual(ROOM_FEATURE_NAMES);
    expect(head.classes).toEqual(['bathroom', 'bedroom', 'exterior', 'kitchen', 'livingRoom']);
  });

  it('records honest held-out figures that meet the targets (>= 90% overall, no room under 80%)', () => {
    const { heldOut } = parseRoomHead(weights).training;
    expect(heldOut.accuracy).toBeGreaterThanOrEqual(0.9);
    for (const accuracy of Object.values(heldOut.perClass)) expect(accuracy).toBeGreaterThanOrEqual(0.8);
  });

  it.each([
    [
      'features of another build',
      { ...weights, features: [...weights.features].reverse() },
      /other features/,
    ],
    ['a missing weight row', { ...weights, weights: weights.weights.slice(1) }, /wrong shape/],
    ['a short mean', { ...weights, mean: weights.mean.slice(1) }, /wrong shape/],
    ['an unknown room', { ...weights, classes: ['bathroom', 'attic'] }, /./],
    ['another format', { ...weights, format: 'something-else' }, /./],
  ])('refuses %s', (_name, json, message) => {
    expect(() => parseRoomHead(json)).toThrow(message);
  });
});
