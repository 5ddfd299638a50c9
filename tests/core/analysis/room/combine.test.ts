import { describe, it, expect } from 'vitest';
import {
  NO_VISIBLE_ELEMENTS,
  recommendModes,
  type RoomType,
  type VisibleElements,
} from '../../../../core/catalog';
import { combineAnalyses } from '../../../../core/analysis/room/combine';

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
    expect(analysis.recommendedModes).toEqual([
      'warmLighting',
      'declutter',
      'cleanCounters',
      'shineAppliances',
    ]);
  });

  it('recommends by the catalogue rule, also for mixed sets', () => {
    const perImage = [photo('bedroom', { hasBed: true, hasPillows: true }), photo('bathroom')];
    const analysis = combineAnalyses(perImage);
    expect(analysis.recommendedModes).toEqual(recommendModes('mixed', analysis.visibleElements));
    expect(analysis.recommendedModes).toContain('hotelBed');
  });
});
