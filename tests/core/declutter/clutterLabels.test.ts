import { describe, expect, it } from 'vitest';
import { COCO_LABELS } from '../../../core/analysis/room/cocoLabels';
import type { Detection } from '../../../core/analysis/room/types';
import { GLOBAL_MODES, ROOM_MODES } from '../../../core/catalog/modes';
import {
  BOOKSHELF_MIN_BOOKS,
  CLUTTER_LABELS,
  DECLUTTER_MODE_IDS,
  GERMAN_CLUTTER_NAMES,
  NEVER_CLUTTER,
  NOTHING_REMOVED_DE,
  describeRemoval,
  isDeclutterMode,
  selectClutter,
} from '../../../core/declutter';

describe('CLUTTER_LABELS', () => {
  it('covers exactly the declutter modes, each a mode of the catalogue', () => {
    const catalogue = [...GLOBAL_MODES, ...ROOM_MODES].map((m) => m.id);
    expect(Object.keys(CLUTTER_LABELS).sort()).toEqual([...DECLUTTER_MODE_IDS].sort());
    for (const id of DECLUTTER_MODE_IDS) expect(catalogue).toContain(id);
  });

  it.each(DECLUTTER_MODE_IDS)('%s never removes furniture, fixtures, appliances, decor or people', (id) => {
    for (const label of NEVER_CLUTTER) expect(CLUTTER_LABELS[id]).not.toContain(label);
    for (const label of [
      'bed',
      'couch',
      'chair',
      'dining table',
      'tv',
      'oven',
      'sink',
      'refrigerator',
      'toilet',
      'potted plant',
      'person',
    ] as const) {
      // prettier-ignore
      expect(CLUTTER_LABELS[id]).not.toContain(label);
    }
  });

  it.each(DECLUTTER_MODE_IDS)('%s has a German singular and plural for every label it removes', (id) => {
    for (const label of CLUTTER_LABELS[id]) {
      expect(COCO_LABELS).toContain(label);
      expect(GERMAN_CLUTTER_NAMES[label]?.singular).toMatch(/^\p{Lu}/u);
      expect(GERMAN_CLUTTER_NAMES[label]?.plural).toMatch(/^\p{Lu}/u);
    }
  });

  it.each([
    ['cleanCounters', 'bottle', true],
    ['cleanCounters', 'backpack', false],
    ['entertainmentTidy', 'remote', true],
    ['declutter', 'suitcase', true],
    ['cleanup', 'suitcase', false],
    ['declutterSurfaces', 'book', true],
  ] as const)('%s removes %s: %s', (mode, label, removed) => {
    expect(CLUTTER_LABELS[mode].includes(label)).toBe(removed);
  });

  it('tells declutter modes from the rest', () => {
    expect(isDeclutterMode('cleanCounters')).toBe(true);
    expect(isDeclutterMode('hotelBed')).toBe(false);
  });
});

const at = (label: Detection['label'], score: number, size = 0.05, x = 0.1): Detection => ({
  label,
  score,
  box: { x, y: 0.5, width: size, height: size },
});
/** A 0.05 x 0.08 box whose top is at y. */
const standing = (label: Detection['label'], y: number, x = 0.1): Detection => ({
  label,
  score: 0.5,
  box: { x, y, width: 0.05, height: 0.08 },
});

describe('#selectClutter', () => {
  it.each([
    ['keeps a bottle above the score threshold', [at('bottle', 0.25)], ['bottle']],
    ['drops a bottle below it', [at('bottle', 0.15)], []],
    ['never removes furniture', [at('chair', 0.9), at('vase', 0.8)], []],
    ['leaves a box too big to fill', [at('suitcase', 0.9, 0.5)], []],
    ['sorts by score', [at('cup', 0.3), at('remote', 0.6)], ['remote', 'cup']],
    ['keeps a row of books (a shelf)', Array.from({ length: BOOKSHELF_MIN_BOOKS }, (_, i) => at('book', 0.5, 0.03, i * 0.04)), []], // prettier-ignore
    ['removes a book or two', [at('book', 0.5)], ['book']],
    ['keeps what stands high up (on a cupboard)', [{ ...at('bottle', 0.5), box: { x: 0.1, y: 0.2, width: 0.05, height: 0.09 } }], []], // prettier-ignore
    [
      'keeps dishes on wall shelves one above the other',
      [standing('cup', 0.3), standing('bowl', 0.4, 0.12)],
      [],
    ],
    ['removes plates one behind the other on a table', [standing('bowl', 0.6), standing('bowl', 0.7, 0.12)], ['bowl', 'bowl']], // prettier-ignore
    ['removes dishes side by side on a high counter', [standing('cup', 0.35), standing('cup', 0.35, 0.2)], ['cup', 'cup']], // prettier-ignore
    ['removes a bottle under a shelf of cups', [standing('cup', 0.3), standing('cup', 0.3, 0.2), standing('bottle', 0.4, 0.11)], ['cup', 'cup', 'bottle']], // prettier-ignore
    ['keeps a tap (a bottle standing in the sink)', [standing('bottle', 0.5, 0.3), { ...at('sink', 0.4), box: { x: 0.2, y: 0.55, width: 0.3, height: 0.1 } }], []], // prettier-ignore
    ['removes a bottle beside the sink and a cup in it', [standing('bottle', 0.5, 0.55), standing('cup', 0.5, 0.3), { ...at('sink', 0.4), box: { x: 0.2, y: 0.55, width: 0.3, height: 0.1 } }], ['bottle', 'cup']], // prettier-ignore
    ['keeps a sink basin that the detector also calls a bowl, less surely', [at('bowl', 0.25), at('sink', 0.4)], []], // prettier-ignore
    ['removes a cup that it also calls a vase, less surely', [at('cup', 0.4), at('vase', 0.3)], ['cup']], // prettier-ignore
    ['removes a cup beside a sink', [at('cup', 0.3), at('sink', 0.4, 0.05, 0.2)], ['cup']], // prettier-ignore
    ['keeps a heap of food (a bread basket: rolls touching one another)', [at('orange', 0.3, 0.04, 0.3), at('apple', 0.3, 0.04, 0.33), at('apple', 0.25, 0.04, 0.36)], []], // prettier-ignore
    ['removes two apples side by side, and one named twice', [at('apple', 0.3, 0.04, 0.3), at('orange', 0.25, 0.04, 0.3), at('apple', 0.3, 0.04, 0.33)], ['apple', 'apple', 'orange']], // prettier-ignore
    ['keeps a laid table (three plates on a dining table)', [at('bowl', 0.3, 0.04, 0.3), at('pizza', 0.3, 0.04, 0.4), at('bowl', 0.25, 0.04, 0.5), at('wine glass', 0.3, 0.02, 0.45), { ...at('dining table', 0.4), box: { x: 0.2, y: 0.45, width: 0.5, height: 0.3 } }], []], // prettier-ignore
    ['removes two plates and a cup from a dining table', [at('bowl', 0.3, 0.04, 0.3), at('bowl', 0.25, 0.04, 0.5), at('cup', 0.3, 0.02, 0.45), { ...at('dining table', 0.4), box: { x: 0.2, y: 0.45, width: 0.5, height: 0.3 } }], ['bowl', 'cup', 'bowl']], // prettier-ignore
    ['removes three plates beside the table', [at('bowl', 0.3, 0.04, 0.3), at('pizza', 0.3, 0.04, 0.4), at('bowl', 0.25, 0.04, 0.5), { ...at('dining table', 0.4), box: { x: 0.6, y: 0.45, width: 0.3, height: 0.3 } }], ['bowl', 'pizza', 'bowl']], // prettier-ignore
    ['keeps what lies on a fridge door (a dispenser taken for a bottle)', [at('bottle', 0.3, 0.04, 0.5), { ...at('refrigerator', 0.25), box: { x: 0.45, y: 0.3, width: 0.2, height: 0.6 } }], []], // prettier-ignore
    ['removes a pot on a range (inside the oven box)', [at('bowl', 0.3, 0.04, 0.5), { ...at('oven', 0.25), box: { x: 0.45, y: 0.3, width: 0.2, height: 0.6 } }], ['bowl']], // prettier-ignore
    ['removes a bottle in front of a fridge edge', [at('bottle', 0.3, 0.04, 0.43), { ...at('refrigerator', 0.25), box: { x: 0.45, y: 0.3, width: 0.2, height: 0.6 } }], ['bottle']], // prettier-ignore
    ['removes what ends just below that line', [{ ...at('bottle', 0.5), box: { x: 0.1, y: 0.2, width: 0.05, height: 0.11 } }], ['bottle']], // prettier-ignore
  ])('%s', (_name, detections, labels) => {
    expect(selectClutter(detections, 'declutter').map((d) => d.label)).toEqual(labels);
  });

  it('follows the mode: a backpack is not counter clutter', () => {
    expect(selectClutter([at('backpack', 0.5)], 'cleanCounters')).toEqual([]);
    expect(selectClutter([at('backpack', 0.5)], 'declutter')).toHaveLength(1);
  });
});

describe('#describeRemoval', () => {
  it.each([
    [[], 0, NOTHING_REMOVED_DE],
    [['bottle'], 0, '1 Gegenstand entfernt: Flasche'],
    [['bottle', 'handbag', 'bottle', 'remote'], 0, '4 Gegenstände entfernt: Flaschen, Tasche, Fernbedienung'],
    [['wine glass', 'wine glass', 'apple'], 0, '3 Gegenstände entfernt: Weingläser, Apfel'],
    [['cup'], 2, '1 Gegenstand entfernt: Tasse, 2 markierte Stellen'],
    [[], 1, 'Retuschiert: 1 markierte Stelle'],
  ] as const)('%j with %i painted areas', (labels, painted, text) => {
    expect(describeRemoval(labels, painted)).toBe(text);
  });
});
