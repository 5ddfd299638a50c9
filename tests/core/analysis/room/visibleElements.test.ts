import { describe, it, expect } from 'vitest';
import { NO_VISIBLE_ELEMENTS, type RoomType, type VisibleElements } from '../../../../core/catalog';
import type { CocoLabel } from '../../../../core/analysis/room/cocoLabels';
import { CLUTTER_MIN_ITEMS, visibleElementsFrom } from '../../../../core/analysis/room/visibleElements';
import { det } from './helpers';

type Case = [string, Array<[CocoLabel, number]>, RoomType, Partial<VisibleElements>];

describe('#visibleElementsFrom', () => {
  it.each<Case>([
    ['nothing', [], 'general', {}],
    ['a bed, with its pillows', [['bed', 0.8]], 'bedroom', { hasBed: true, hasPillows: true }],
    ['a faint bed is not seen', [['bed', 0.25]], 'bedroom', {}],
    ['a sofa carries pillows', [['couch', 0.6]], 'livingRoom', { hasPillows: true }],
    ['a TV', [['tv', 0.5]], 'livingRoom', { hasTV: true }],
    [
      'kitchen appliances and counters',
      [
        ['oven', 0.6],
        ['microwave', 0.4],
      ],
      'kitchen',
      { hasAppliances: true, hasCountertops: true },
    ],
    ['a kitchen sink means counters', [['sink', 0.5]], 'kitchen', { hasCountertops: true }],
    ['a bathroom sink is no countertop', [['sink', 0.5]], 'bathroom', {}],
    [
      'a fridge seen from a living room is an appliance, no counter',
      [['refrigerator', 0.5]],
      'livingRoom',
      { hasAppliances: true },
    ],
    ['a toothbrush is a toiletry anywhere', [['toothbrush', 0.4]], 'general', { hasToiletries: true }],
    ['bottles in a bathroom are toiletries', [['bottle', 0.4]], 'bathroom', { hasToiletries: true }],
    ['bottles in a kitchen are not', [['bottle', 0.4]], 'kitchen', { hasCountertops: true }],
  ])('%s', (_name, found, room, expected) => {
    const detections = found.map(([label, score]) => det(label, score));
    expect(visibleElementsFrom(detections, room)).toEqual({ ...NO_VISIBLE_ELEMENTS, ...expected });
  });

  it(`calls ${CLUTTER_MIN_ITEMS} loose items clutter, one fewer not`, () => {
    const items: CocoLabel[] = ['cup', 'book', 'remote', 'handbag', 'laptop'];
    const many = items.slice(0, CLUTTER_MIN_ITEMS).map((l) => det(l, 0.5));
    expect(visibleElementsFrom(many, 'livingRoom').hasClutter).toBe(true);
    expect(visibleElementsFrom(many.slice(1), 'livingRoom').hasClutter).toBe(false);
  });

  it('does not count furniture or faint items as clutter', () => {
    const furniture = (['chair', 'chair', 'chair', 'couch', 'potted plant', 'vase'] as CocoLabel[]).map((l) =>
      det(l, 0.7),
    );
    const faint = (['cup', 'cup', 'book', 'book', 'remote', 'bottle'] as CocoLabel[]).map((l) => det(l, 0.2));
    expect(visibleElementsFrom([...furniture, ...faint], 'livingRoom').hasClutter).toBe(false);
  });
});
