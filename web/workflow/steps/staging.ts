// Virtual staging (SPEC section 4 and issue 26): the staging mode or the server's redirect opens the dialog for
// exactly one photo, whose steps live here: options → analyzing → selection → placing (on the device) →
// arranging (the host moves, turns, removes and swaps pieces, for free) → finishing (the one paid call) →
// complete, with the finished photo and its shopping list as the final result underneath.

import { STAGING_BUDGET_DEFAULT_EUR } from '../../../core/catalog/limits';
import type { PlacedPiece } from '../../../core/staging/layout';
import type { StepRules } from '../events';
import type { StagingSession, StagingStep, WorkflowState } from '../state';
import { stopBatch, withNotice } from './shared';

type StagingEvent =
  | 'stagingRedirect'
  | 'stagingOptionsChanged'
  | 'stagingAnalysisStarted'
  | 'stagingAnalysed'
  | 'stagingAnalysisFailed'
  | 'stagingProductToggled'
  | 'stagingPlacementStarted'
  | 'stagingPlaced'
  | 'stagingPlacementFailed'
  | 'stagingPieceActivated'
  | 'stagingPieceMoved'
  | 'stagingPieceTurned'
  | 'stagingPieceRemoved'
  | 'stagingPieceSwapped'
  | 'stagingStepBack'
  | 'stagingFinishStarted'
  | 'stagingFinishFailed'
  | 'stagingCompleted';

function newStagingSession(): StagingSession {
  return {
    step: 'options',
    style: 'auto',
    budget: { ...STAGING_BUDGET_DEFAULT_EUR },
    products: [],
    alternatives: [],
    pieces: [],
    leftOut: [],
    activePiece: null,
  };
}

/**
 * Applies `update` to the open dialog's session when it is at one of `steps`; any other state stays the same
 * object, so a late answer for a closed or moved-on dialog changes nothing.
 */
function inSession(
  state: WorkflowState,
  steps: readonly StagingStep[],
  update: (session: StagingSession) => StagingSession | null,
): WorkflowState {
  const overlay = state.overlay;
  if (overlay?.kind !== 'staging' || !steps.includes(overlay.session.step)) return state;
  const session = update(overlay.session);
  if (!session) return state;
  return { ...state, overlay: { ...overlay, session } };
}

const ARRANGING = ['arranging'] as const;

/** The piece and everything standing on it, directly or through another piece (a lamp on a nightstand). */
function withDependents(pieces: readonly PlacedPiece[], key: string): Set<string> {
  const keys = new Set([key]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const piece of pieces) {
      if (piece.on && keys.has(piece.on) && !keys.has(piece.key)) {
        keys.add(piece.key);
        grew = true;
      }
    }
  }
  return keys;
}

function updatePieces(
  session: StagingSession,
  key: string,
  update: (piece: PlacedPiece, moved: PlacedPiece) => PlacedPiece,
): StagingSession | null {
  const moved = session.pieces.find((piece) => piece.key === key);
  if (!moved) return null;
  const group = withDependents(session.pieces, key);
  return {
    ...session,
    activePiece: key,
    pieces: session.pieces.map((piece) => (group.has(piece.key) ? update(piece, moved) : piece)),
  };
}

export const stagingRules: StepRules<StagingEvent> = {
  stagingRedirect(state) {
    const stopped = stopBatch(state);
    const [only] = state.images;
    if (state.images.length === 1 && only)
      return { ...stopped, overlay: { kind: 'staging', imageId: only.id, session: newStagingSession() } };
    // 'Virtuell einrichten' / 'Bitte wähle genau ein Bild zum virtuellen Einrichten aus'
    return withNotice(stopped, { key: 'toast.stagingNeedsOneImage', tone: 'error' });
  },

  stagingOptionsChanged: (state, { style, budget }) =>
    inSession(state, ['options'], (session) => ({
      ...session,
      ...(style ? { style } : {}),
      ...(budget ? { budget: { min: Math.min(budget.min, budget.max), max: budget.max } } : {}),
    })),

  stagingAnalysisStarted: (state) => inSession(state, ['options'], (s) => ({ ...s, step: 'analyzing' })),

  stagingAnalysed: (state, { products, alternatives, roomType }) =>
    inSession(state, ['analyzing'], (session) => ({
      ...session,
      step: 'selection',
      products,
      alternatives,
      roomType,
    })),

  stagingAnalysisFailed: (state) => inSession(state, ['analyzing'], (s) => ({ ...s, step: 'options' })),

  stagingProductToggled: (state, { productId }) =>
    inSession(state, ['selection'], (session) => ({
      ...session,
      products: session.products.map((p) => (p.id === productId ? { ...p, selected: !p.selected } : p)),
    })),

  stagingPlacementStarted(state) {
    const overlay = state.overlay;
    if (overlay?.kind !== 'staging' || overlay.session.step !== 'selection') return state;
    // 'Bitte wähle mindestens ein Möbelstück aus'
    if (!overlay.session.products.some((p) => p.selected))
      return withNotice(state, { key: 'toast.stagingNeedsItem', tone: 'error' });
    return inSession(state, ['selection'], (s) => ({ ...s, step: 'placing' }));
  },

  stagingPlaced(state, { pieces, leftOut }) {
    if (pieces.length === 0) {
      const back = inSession(state, ['placing'], (s) => ({ ...s, step: 'selection', pieces: [], leftOut }));
      // 'Kein Platz gefunden' / 'Für die gewählten Möbel ist auf dem sichtbaren Boden kein Platz.'
      return back === state ? state : withNotice(back, { key: 'toast.stagingNoSpace', tone: 'error' });
    }
    return inSession(state, ['placing'], (session) => ({
      ...session,
      step: 'arranging',
      pieces,
      leftOut,
      activePiece: pieces[0]?.key ?? null,
    }));
  },

  stagingPlacementFailed: (state) => inSession(state, ['placing'], (s) => ({ ...s, step: 'selection' })),

  stagingPieceActivated: (state, { key }) =>
    inSession(state, ARRANGING, (session) =>
      key === null || session.pieces.some((p) => p.key === key) ? { ...session, activePiece: key } : null,
    ),

  stagingPieceMoved: (state, { key, x, z }) =>
    inSession(state, ARRANGING, (session) =>
      updatePieces(session, key, (piece, moved) => ({
        ...piece,
        x: piece.x + (x - moved.x),
        z: piece.z + (z - moved.z),
      })),
    ),

  stagingPieceTurned: (state, { key, rotationDeg }) =>
    inSession(state, ARRANGING, (session) =>
      updatePieces(session, key, (piece, turned) => {
        // Whatever stands on the piece turns with it, about the piece's centre.
        const delta = ((rotationDeg - turned.rotationDeg) * Math.PI) / 180;
        const [dx, dz] = [piece.x - turned.x, piece.z - turned.z];
        return {
          ...piece,
          x: turned.x + dx * Math.cos(delta) + dz * Math.sin(delta),
          z: turned.z - dx * Math.sin(delta) + dz * Math.cos(delta),
          rotationDeg: (((piece.rotationDeg + rotationDeg - turned.rotationDeg) % 360) + 360) % 360,
        };
      }),
    ),

  stagingPieceRemoved: (state, { key }) =>
    inSession(state, ARRANGING, (session) => {
      if (!session.pieces.some((p) => p.key === key)) return null;
      const gone = withDependents(session.pieces, key);
      const pieces = session.pieces.filter((p) => !gone.has(p.key));
      return { ...session, pieces, activePiece: pieces[0]?.key ?? null };
    }),

  stagingPieceSwapped: (state, { key, productId, sizeM }) =>
    inSession(state, ARRANGING, (session) => {
      const piece = session.pieces.find((p) => p.key === key);
      const product = [...session.products, ...session.alternatives].find((p) => p.id === productId);
      if (!piece || !product || product.category !== piece.category) return null;
      return {
        ...session,
        activePiece: key,
        pieces: session.pieces.map((p) => (p.key === key ? { ...p, id: productId, sizeM } : p)),
      };
    }),

  /** 'Zurück' inside the dialog: from the selection to the options, from arranging to the selection. */
  stagingStepBack: (state) =>
    inSession(state, ['selection', 'arranging'], (s) =>
      s.step === 'selection'
        ? { ...s, step: 'options' }
        : { ...s, step: 'selection', pieces: [], leftOut: [], activePiece: null },
    ),

  stagingFinishStarted: (state) =>
    inSession(state, ARRANGING, (s) => (s.pieces.length > 0 ? { ...s, step: 'finishing' } : null)),

  stagingFinishFailed: (state) => inSession(state, ['finishing'], (s) => ({ ...s, step: 'arranging' })),

  stagingCompleted(state, event) {
    // The dialog stays open on its 'complete' step; the final result waits underneath it.
    const overlay = state.overlay;
    if (overlay?.kind !== 'staging' || overlay.imageId !== event.imageId) return state;
    if (overlay.session.step !== 'finishing') return state;
    return withNotice(
      {
        ...state,
        overlay: { ...overlay, session: { ...overlay.session, step: 'complete' } },
        finalResult: {
          images: [{ imageId: event.imageId, resultKey: event.stagedKey }],
          appliedSuggestions: [],
          shoppingList: event.shoppingList,
        },
      },
      // 'Virtuell eingerichtet!' / 'Dein Raum wurde mit {n} Möbelstücken eingerichtet.'
      { key: 'toast.stagingDone', values: { n: overlay.session.pieces.length }, tone: 'success' },
    );
  },
};
