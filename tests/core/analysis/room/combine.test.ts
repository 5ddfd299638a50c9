import { describe, it, expect } from 'vitest';
import {
  NO_VISIBLE_ELEMENTS,
  recommendModes,
  type RoomType,
  type VisibleElements,
} from '../../../../core/catalog';
import {
  combineAnalyses,
  combineRoomTypes,
  mergeVisibleElements,
  roomAnalysisOf,
} from '../../../../core/analysis/room/combine';

const photo = (roomType: RoomType, elements: Partial<VisibleElements> = {}) => ({
  roomType,
  visibleElements: { ...NO_VISIBLE_ELEMENTS, ...elements },
});

describe('#combineAnalyses', () => {
  it.each<[string, ReturnType<typeof photo>[], RoomType | 'mixed', RoomType[], boolean]>([
    ['one kitchen', [photo('kitchen')], 'kitchen', ['kitchen'], false],
    [
      'three kitchen shots',
      [photo('kitchen'), photo('kitchen'), photo('kitchen')],
      'kitchen',
      ['kitchen'],
      false,
    ],
    ['kitchen and bedroom', [photo('kitchen'), photo('bedroom')], 'mixed', ['kitchen', 'bedroom'], true],
    [
      'an unclear photo does not make a set mixed',
      [photo('general'), photo('bathroom')],
      'bathroom',
      ['bathroom'],
      false,
    ],
    ['only unclear photos', [photo('general'), photo('general')], 'general', ['general'], false],
    ['no photos', [], 'general', [], false],
  ])('%s', (_name, perImage, roomType, roomTypes, mixed) => {
    const analysis = combineAnalyses(perImage);
    expect(analysis.roomType).toBe(roomType);
    expect(analysis.roomTypes).toEqual(roomTypes);
    expect(analysis.hasMixedRooms).toBe(mixed);
  });

  it('joins what any photo shows and recommends modes for it', () => {
    const analysis = combineAnalyses([
      photo('kitchen', { hasAppliances: true, hasCountertops: true }),
      photo('kitchen', { hasClutter: true }),
    ]);
    expect(analysis.visibleElements).toEqual({
      ...NO_VISIBLE_ELEMENTS,
      hasAppliances: true,
      hasCountertops: true,
      hasClutter: true,
    });
    // The adaptive device correction first, then the kitchen's own server modes, then the clutter removal.
    expect(analysis.recommendedModes).toEqual([
      'autoOptimize',
      'cleanCounters',
      'shineAppliances',
      'declutter',
    ]);
  });

  it('recommends by the catalogue rule, also for mixed sets', () => {
    const perImage = [photo('bedroom', { hasBed: true, hasPillows: true }), photo('bathroom')];
    const analysis = combineAnalyses(perImage);
    expect(analysis.recommendedModes).toEqual(recommendModes('mixed', analysis.visibleElements));
    expect(analysis.recommendedModes).toContain('hotelBed');
  });
});

describe('#combineRoomTypes', () => {
  it.each([
    [[], { roomType: 'general', roomTypes: [], hasMixedRooms: false }],
    [['kitchen'], { roomType: 'kitchen', roomTypes: ['kitchen'], hasMixedRooms: false }],
    [['bedroom', 'bedroom'], { roomType: 'bedroom', roomTypes: ['bedroom'], hasMixedRooms: false }],
    [
      ['bathroom', 'kitchen', 'bathroom'],
      { roomType: 'mixed', roomTypes: ['bathroom', 'kitchen'], hasMixedRooms: true },
    ],
  ] as const)('%j -> %j', (perImage, expected) => {
    expect(combineRoomTypes(perImage)).toEqual(expected);
  });
});

describe('#mergeVisibleElements', () => {
  it('marks an element visible when any photo shows it, and nothing for no photos', () => {
    expect(mergeVisibleElements([])).toEqual(NO_VISIBLE_ELEMENTS);
    expect(
      mergeVisibleElements([
        { ...NO_VISIBLE_ELEMENTS, hasBed: true },
        { ...NO_VISIBLE_ELEMENTS, hasTV: true },
        NO_VISIBLE_ELEMENTS,
      ]),
    ).toEqual({ ...NO_VISIBLE_ELEMENTS, hasBed: true, hasTV: true });
  });
});

describe('#roomAnalysisOf', () => {
  it("counts every room type given, 'general' too, and recommends for the combined room", () => {
    const elements = { ...NO_VISIBLE_ELEMENTS, hasClutter: true };
    expect(roomAnalysisOf(['exterior', 'general'], elements)).toEqual({
      roomType: 'mixed',
      roomTypes: ['exterior', 'general'],
      hasMixedRooms: true,
      recommendedModes: recommendModes('mixed', elements),
      visibleElements: elements,
    });
  });
});
