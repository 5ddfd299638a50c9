// The fit rules of design ideas as tables: which idea a photo of which room, inside or out, with which findings
// may get, and which one comes ticked.
import { describe, expect, it } from 'vitest';
import type { RoomType } from '../../../core/catalog/types';
import {
  fittingIdeas,
  ideaFits,
  isOutdoor,
  type Finding,
  type IdeaNeeds,
} from '../../../core/text/suggestionFit';

const scene = (roomType: RoomType, ...findings: Finding[]) => ({ roomType, findings });

describe('#ideaFits', () => {
  const plants: IdeaNeeds = { setting: 'indoor', daylight: true };
  const warmer: IdeaNeeds = { setting: 'indoor', when: ['cool'] };
  const brightenOutside: IdeaNeeds = { setting: 'outdoor', when: ['dark'] };
  const details: IdeaNeeds = { unless: ['soft'] };
  const bed: IdeaNeeds = { rooms: ['bedroom'] };

  it.each<[string, IdeaNeeds, ReturnType<typeof scene>, boolean]>([
    // Indoors or out
    ['warmer colours in a cool living room', warmer, scene('livingRoom', 'cool'), true],
    ['warmer colours on a cool (twilight) exterior', warmer, scene('exterior', 'dark', 'cool'), false],
    ['warmer colours where nothing is cool', warmer, scene('livingRoom'), false],
    ['brightening a dark exterior', brightenOutside, scene('exterior', 'dark'), true],
    ['the exterior brightening in a dark kitchen', brightenOutside, scene('kitchen', 'dark'), false],
    ['an indoor idea in a room the analysis could not name', warmer, scene('general', 'cool'), true],
    // Plants need a named room with light
    ['plants in a bright living room', plants, scene('livingRoom'), true],
    ['plants in a dark bedroom', plants, scene('bedroom', 'dark'), false],
    ['plants in a dark closet', plants, scene('general', 'dark'), false],
    ['plants in a bright room the analysis could not name', plants, scene('general'), false],
    ['plants on an exterior', plants, scene('exterior'), false],
    // Rooms and findings
    ['the bed idea in a bedroom', bed, scene('bedroom', 'dark'), true],
    ['the bed idea in a kitchen', bed, scene('kitchen'), false],
    ['detail on a sharp photo', details, scene('exterior'), true],
    ['detail on a soft photo', details, scene('bathroom', 'soft'), false],
    ['an idea without needs anywhere', {}, scene('exterior', 'dark', 'soft'), true],
  ])('%s: %s', (_name, needs, photo, fits) => {
    expect(ideaFits(needs, photo)).toBe(fits);
  });

  it.each<[RoomType, boolean]>([
    ['exterior', true],
    ['general', false],
    ['livingRoom', false],
  ])('takes %s as outdoors: %s', (roomType, outdoor) => {
    expect(isOutdoor(roomType)).toBe(outdoor);
  });
});

describe('#fittingIdeas', () => {
  const ideas = [
    { name: 'brighten', needs: { setting: 'indoor', when: ['dark'] }, tick: true },
    { name: 'warmer', needs: { setting: 'indoor', when: ['cool'] }, tick: true },
    { name: 'sharpen', needs: { when: ['soft'] }, tick: true },
    { name: 'details', needs: { unless: ['soft'] } },
    { name: 'sky', needs: { setting: 'outdoor', unless: ['dark'] }, tick: true },
  ] as const satisfies readonly { name: string; needs: IdeaNeeds; tick?: boolean }[];

  it.each<[string, ReturnType<typeof scene>, string[], string | null]>([
    [
      'a dark, cool room: both fixes, the light ticked',
      scene('bedroom', 'dark', 'cool'),
      ['brighten', 'warmer', 'details'],
      'brighten',
    ],
    ['a cool room: the colour fix ticked', scene('bedroom', 'cool', 'soft'), ['warmer', 'sharpen'], 'warmer'],
    ['a fine room: nothing to fix, nothing ticked', scene('kitchen'), ['details'], null],
    ['a bright exterior: sky ticked, no indoor fix', scene('exterior', 'cool'), ['details', 'sky'], 'sky'],
    [
      'a twilight exterior: no indoor fix, nothing ticked',
      scene('exterior', 'dark', 'cool'),
      ['details'],
      null,
    ],
  ])('%s', (_name, photo, names, ticked) => {
    const fitting = fittingIdeas(ideas, photo);
    expect(fitting.map(({ idea }) => idea.name)).toEqual(names);
    expect(fitting.filter((f) => f.selected).map(({ idea }) => idea.name)).toEqual(ticked ? [ticked] : []);
  });
});
