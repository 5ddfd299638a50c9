// What the machine's table tests share: `run` (each input state deep-frozen, so a mutating transition throws)
// and fixtures reached by real events, so they can only be states the machine itself produces.
import type { Suggestion } from '../../../../core/text/suggestionTypes';
import type { NewImage } from '../../../../web/workflow/events';
import {
  initialState,
  transition,
  type ImageItem,
  type WorkflowAnalysis,
  type FinalShoppingList,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import { placedPiece, stagingProduct, toArranging } from '../../../helpers/stagingFixtures';

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Applies events in order; each input state is frozen, so a mutating transition throws here. */
export function run(state: WorkflowState, ...events: WorkflowEvent[]): WorkflowState {
  return events.reduce((current, event) => transition(deepFreeze(current), event), state);
}

export const file = (id: string, extra: Partial<NewImage> = {}): NewImage => ({
  id,
  name: `${id}.jpg`,
  size: 1000 + id.length,
  type: 'image/jpeg',
  ...extra,
});

export const ROOM_MODES = ['cleanCounters', 'shineAppliances', 'warmLighting'];
export const analysis = (extra: Partial<WorkflowAnalysis> = {}): WorkflowAnalysis => ({
  roomType: 'kitchen',
  roomTypes: ['kitchen'],
  hasMixedRooms: false,
  recommendedModes: ['brighten', 'declutter'],
  perImage: { a: 'kitchen', b: 'kitchen' },
  ...extra,
});

export const suggestion = (id: string, extra: Partial<Suggestion> = {}): Suggestion => ({
  id,
  title: `Titel ${id}`,
  description: `Beschreibung ${id}`,
  hauptartikelContent: 'Kissen, Decke',
  selected: false,
  ...extra,
});

export const shoppingList: FinalShoppingList = {
  items: [
    { name: 'Sofa', price: 499, link: 'https://shop.example/sofa' },
    { name: 'Lampe', price: 59.9, link: 'https://shop.example/lampe' },
  ],
  totalPrice: 558.9,
};

// States reached by real events, so the fixtures can only be states the machine itself produces.
export const uploaded = (...ids: string[]) =>
  run(initialState, {
    type: 'imagesAdded',
    images: (ids.length ? ids : ['a', 'b']).map((id) => file(id)),
    source: 'upload',
  });
export const inModes = (...ids: string[]) =>
  run(
    uploaded(...ids),
    { type: 'analysisStarted' },
    { type: 'analysisSucceeded', analysis: analysis(), roomModeIds: ROOM_MODES, canRunPaid: true },
  );
export const processing = () =>
  run({ ...inModes(), credits: 10 }, { type: 'enhancementStarted', price: 4, startedAt: 1_000 });
export const withResults = () =>
  run(
    processing(),
    { type: 'imageEnhancing', imageId: 'a' },
    { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'result:a', description: 'heller' },
    { type: 'imageEnhancing', imageId: 'b' },
    { type: 'imageEnhanced', imageId: 'b', enhancedKey: 'result:b' },
    { type: 'batchFinished' },
  );
export const loadingSuggestions = () => run(withResults(), { type: 'suggestionsRequested' });
export const withSuggestions = () =>
  run(loadingSuggestions(), {
    type: 'suggestionsReceived',
    suggestions: [
      suggestion('s1', { imageNumber: 1 }),
      suggestion('s2', { imageNumber: 2 }),
      suggestion('s3'),
    ],
  });
export const withTip = () =>
  run(loadingSuggestions(), {
    type: 'suggestionsReceived',
    suggestions: [suggestion('s1'), suggestion('tip', { tipOnly: true })],
  });
export const implementing = () =>
  run(withSuggestions(), { type: 'suggestionToggled', suggestionId: 's1' }, { type: 'implementRequested' });
export const withFinal = () =>
  run(implementing(), {
    type: 'finalReceived',
    images: [{ imageId: 'a', resultKey: 'final:a' }],
    applied: [{ imageId: 'a', applied: ['Titel s1'], notApplied: [] }],
  });
export const stagingOpen = () => run(inModes('a'), { type: 'stagingRedirect' });
export const withStagedFinal = () =>
  run(
    stagingOpen(),
    ...toArranging(
      [stagingProduct('sofa-a', 'sofa', 49_900)],
      [placedPiece('sofa-a#0'), placedPiece('sofa-a#1', { unit: 1, x: 2 })],
    ),
    { type: 'stagingFinishStarted' },
    { type: 'stagingCompleted', imageId: 'a', stagedKey: 'staged:a', shoppingList },
  );

export const image = (state: WorkflowState, id: string): ImageItem | undefined =>
  state.images.find((i) => i.id === id);
export const statuses = (state: WorkflowState) => state.images.map((i) => i.status);
/** Everything but the toast, to assert that an event changed nothing else. */
export const withoutNotice = (state: WorkflowState) => ({ ...state, notice: null, noticeSeq: 0 });
