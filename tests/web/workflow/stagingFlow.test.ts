// Table tests of the staging dialog's steps in the workflow machine (web/workflow/steps/staging.ts): each event
// moves only from the steps it belongs to, the arrangement's moves carry what stands on a piece, and the
// shopping list follows the pieces.
import { describe, expect, it } from 'vitest';
import {
  initialState,
  stagingLines,
  transition,
  type StagingStep,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../web/workflow/machine';
import { placedPiece, stagingProduct, toArranging } from '../../helpers/stagingFixtures';

function run(state: WorkflowState, ...events: WorkflowEvent[]): WorkflowState {
  return events.reduce((current, event) => transition(Object.freeze(current), event), state);
}

const SOFA = stagingProduct('sofa-a', 'sofa', 79_900);
const SOFA_B = stagingProduct('sofa-b', 'sofa', 49_900, { selected: false });
const TABLE = stagingProduct('side-a', 'sideTable', 9_900);
const LAMP = stagingProduct('lamp-a', 'tableLamp', 4_900);
const ARM = stagingProduct('arm-a', 'armchair', 29_900, { selected: false });

const open = () =>
  run(
    initialState,
    {
      type: 'imagesAdded',
      images: [{ id: 'a', name: 'a.jpg', size: 1, type: 'image/jpeg' }],
      source: 'upload',
    },
    { type: 'stagingRedirect' },
  );

const PIECES = [
  placedPiece('sofa-a#0', { x: 0, z: -3 }),
  placedPiece('side-a#0', { category: 'sideTable', x: 1.3, z: -3, sizeM: { w: 0.5, d: 0.5, h: 0.55 } }),
  placedPiece('lamp-a#0', {
    category: 'tableLamp',
    x: 1.4,
    z: -3,
    elevationM: 0.55,
    onFloor: false,
    on: 'side-a#0',
    sizeM: { w: 0.3, d: 0.3, h: 0.48 },
  }),
];

const arranging = () => run(open(), ...toArranging([SOFA, TABLE, LAMP, ARM], PIECES));

const session = (state: WorkflowState) => {
  if (state.overlay?.kind !== 'staging') throw new Error('no staging dialog');
  return state.overlay.session;
};
const step = (state: WorkflowState): StagingStep => session(state).step;
const piece = (state: WorkflowState, key: string) => session(state).pieces.find((p) => p.key === key);

describe('staging dialog steps', () => {
  it('opens on the options with auto style and the default budget', () => {
    expect(session(open())).toMatchObject({ step: 'options', style: 'auto', budget: { min: 0, max: 2000 } });
  });

  it.each<[string, WorkflowEvent[], StagingStep]>([
    ['analysis starts from the options', [{ type: 'stagingAnalysisStarted' }], 'analyzing'],
    [
      'a failed analysis goes back to the options',
      [{ type: 'stagingAnalysisStarted' }, { type: 'stagingAnalysisFailed' }],
      'options',
    ],
    ['products arrive in the selection', toArranging([SOFA], []).slice(0, 2), 'selection'],
    ['placing starts from the selection', toArranging([SOFA], []).slice(0, 3), 'placing'],
    ['placed pieces open the arranging step', toArranging([SOFA], [placedPiece('sofa-a#0')]), 'arranging'],
    [
      'a failed placement goes back to the selection',
      [...toArranging([SOFA], []).slice(0, 3), { type: 'stagingPlacementFailed' }],
      'selection',
    ],
    [
      'nothing placed goes back to the selection',
      [...toArranging([SOFA], []).slice(0, 3), { type: 'stagingPlaced', pieces: [], leftOut: [] }],
      'selection',
    ],
    [
      'the finish runs from the arranging step',
      [...toArranging([SOFA], [placedPiece('sofa-a#0')]), { type: 'stagingFinishStarted' }],
      'finishing',
    ],
    [
      'a failed finish goes back to arranging',
      [
        ...toArranging([SOFA], [placedPiece('sofa-a#0')]),
        { type: 'stagingFinishStarted' },
        { type: 'stagingFinishFailed' },
      ],
      'arranging',
    ],
    [
      'back from arranging to the selection',
      [...toArranging([SOFA], [placedPiece('sofa-a#0')]), { type: 'stagingStepBack' }],
      'selection',
    ],
    [
      'back from the selection to the options',
      [...toArranging([SOFA], []).slice(0, 2), { type: 'stagingStepBack' }],
      'options',
    ],
  ])('%s', (_name, events, expected) => {
    expect(step(run(open(), ...events))).toBe(expected);
  });

  it.each<[string, () => WorkflowState, WorkflowEvent]>([
    ['products for a dialog not analysing', open, toArranging([SOFA], [])[1]!],
    ['pieces for a dialog not placing', open, { type: 'stagingPlaced', pieces: PIECES, leftOut: [] }],
    ['a move outside arranging', open, { type: 'stagingPieceMoved', key: 'sofa-a#0', x: 1, z: -2 }],
    ['a move of an unknown piece', arranging, { type: 'stagingPieceMoved', key: 'nope#0', x: 1, z: -2 }],
    ['a finish outside arranging', open, { type: 'stagingFinishStarted' }],
    ['options while arranging', arranging, { type: 'stagingOptionsChanged', style: 'modern' }],
    [
      'a swap to another category',
      arranging,
      { type: 'stagingPieceSwapped', key: 'sofa-a#0', productId: 'arm-a', sizeM: { w: 1, d: 1, h: 1 } },
    ],
    ['staging events without a dialog', () => initialState, { type: 'stagingAnalysisStarted' }],
  ])('ignores %s (same state object)', (_name, make, event) => {
    const state = make();
    expect(transition(state, event)).toBe(state);
  });

  it('refuses to place with nothing ticked and says so', () => {
    const selection = run(open(), ...toArranging([{ ...SOFA, selected: false }], []).slice(0, 2));
    const next = run(selection, { type: 'stagingPlacementStarted' });
    expect(step(next)).toBe('selection');
    expect(next.notice).toMatchObject({ key: 'toast.stagingNeedsItem', tone: 'error' });
  });

  it('ticks and unticks products in the selection', () => {
    const selection = run(open(), ...toArranging([SOFA, ARM], []).slice(0, 2));
    const next = run(selection, { type: 'stagingProductToggled', productId: 'arm-a' });
    expect(session(next).products.map((p) => p.selected)).toEqual([true, true]);
  });

  it('keeps the budget ordered when the options change', () => {
    const next = run(open(), {
      type: 'stagingOptionsChanged',
      style: 'cozy',
      budget: { min: 900, max: 500 },
    });
    expect(session(next)).toMatchObject({ style: 'cozy', budget: { min: 500, max: 500 } });
  });
});

describe('arranging pieces by hand', () => {
  it('moves a piece and what stands on it by the same step', () => {
    const next = run(arranging(), { type: 'stagingPieceMoved', key: 'side-a#0', x: 2.3, z: -2.5 });
    expect(piece(next, 'side-a#0')).toMatchObject({ x: 2.3, z: -2.5 });
    expect(piece(next, 'lamp-a#0')!.x).toBeCloseTo(2.4, 9);
    expect(piece(next, 'lamp-a#0')!.z).toBeCloseTo(-2.5, 9);
    expect(piece(next, 'sofa-a#0')).toEqual(PIECES[0]);
    expect(session(next).activePiece).toBe('side-a#0');
  });

  it('turns a piece and carries what stands on it round its centre', () => {
    const next = run(arranging(), { type: 'stagingPieceTurned', key: 'side-a#0', rotationDeg: 90 });
    expect(piece(next, 'side-a#0')!.rotationDeg).toBe(90);
    const lamp = piece(next, 'lamp-a#0')!;
    expect(lamp.rotationDeg).toBe(90);
    // 10 cm to the right of the table's centre, turned 90° about +Y: 10 cm towards -Z.
    expect(lamp.x).toBeCloseTo(1.3, 9);
    expect(lamp.z).toBeCloseTo(-3.1, 9);
  });

  it('keeps angles within 0..360', () => {
    const next = run(arranging(), { type: 'stagingPieceTurned', key: 'sofa-a#0', rotationDeg: -45 });
    expect(piece(next, 'sofa-a#0')!.rotationDeg).toBe(315);
  });

  it('removes a piece with everything standing on it', () => {
    const next = run(arranging(), { type: 'stagingPieceRemoved', key: 'side-a#0' });
    expect(session(next).pieces.map((p) => p.key)).toEqual(['sofa-a#0']);
  });

  it('swaps a piece for another product of its category', () => {
    const withAlternative = run(
      open(),
      { type: 'stagingAnalysisStarted' },
      { type: 'stagingAnalysed', products: [SOFA], alternatives: [SOFA_B], roomType: 'livingRoom' },
      { type: 'stagingPlacementStarted' },
      { type: 'stagingPlaced', pieces: [PIECES[0]!], leftOut: [] },
    );
    const next = run(withAlternative, {
      type: 'stagingPieceSwapped',
      key: 'sofa-a#0',
      productId: 'sofa-b',
      sizeM: { w: 1.8, d: 0.85, h: 0.75 },
    });
    expect(piece(next, 'sofa-a#0')).toMatchObject({ id: 'sofa-b', sizeM: { w: 1.8, d: 0.85, h: 0.75 } });
    expect(stagingLines(session(next))).toMatchObject({ totalCents: 49_900, lines: [{ quantity: 1 }] });
  });

  it('prices what stands in the photo, not what was ticked', () => {
    const state = arranging();
    expect(stagingLines(session(state)).totalCents).toBe(79_900 + 9_900 + 4_900);
    const fewer = run(state, { type: 'stagingPieceRemoved', key: 'side-a#0' });
    expect(stagingLines(session(fewer))).toMatchObject({
      totalCents: 79_900,
      lines: [{ product: { id: 'sofa-a' }, quantity: 1, totalCents: 79_900 }],
    });
  });

  it('counts two units of one product as one line of two', () => {
    const two = run(
      open(),
      ...toArranging([SOFA], [placedPiece('sofa-a#0'), placedPiece('sofa-a#1', { unit: 1, x: 2 })]),
    );
    expect(stagingLines(session(two)).lines).toMatchObject([{ quantity: 2, totalCents: 159_800 }]);
  });

  it('completes only a running finish, with the placed pieces counted', () => {
    const list = { items: [], totalPrice: 0 };
    const done: WorkflowEvent = {
      type: 'stagingCompleted',
      imageId: 'a',
      stagedKey: 'staged:a',
      shoppingList: list,
    };
    const notFinishing = arranging();
    expect(transition(notFinishing, done)).toBe(notFinishing);
    const finished = run(arranging(), { type: 'stagingFinishStarted' }, done);
    expect(step(finished)).toBe('complete');
    expect(finished.finalResult?.images).toEqual([{ imageId: 'a', resultKey: 'staged:a' }]);
    expect(finished.notice).toMatchObject({ key: 'toast.stagingDone', values: { n: 3 } });
  });
});
