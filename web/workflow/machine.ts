// The workflow machine of SPEC section 4: one pure `transition(state, event)` from upload through analysis,
// mode selection, processing, results and suggestions to the final result. Effects (workers, HTTP, IndexedDB)
// run elsewhere and report back as events; ids and timestamps arrive in those events. An event that does not
// fit the current state returns the same state object, so a late answer from a cancelled job changes nothing.

import type { RoomType } from '../../core/catalog/types';
import type { Suggestion } from '../../core/text/suggestionTypes';
import {
  initialState,
  type ImageItem,
  type ModeSelection,
  type NoticeContent,
  type NoticeDetail,
  type RoomAnalysis,
  type ShoppingList,
  type WorkflowState,
} from './state';
import {
  appliedSuggestionTexts,
  canApply,
  canEditImages,
  currentView,
  defaultModes,
  plannedJobs,
  selectedSuggestions,
  suggestionSourceImages,
  unique,
} from './selectors';

export * from './state';
export * from './selectors';
export { restore, toSnapshot, SNAPSHOT_VERSION, type WorkflowSnapshot } from './restore';

/** A file the effect layer has accepted (see core/upload) and stored; its blob is in IndexedDB under `id`. */
export interface NewImage {
  id: string;
  name: string;
  size: number;
  type: string;
  originalUrl?: string;
}

export type WorkflowEvent =
  // Upload page
  | {
      type: 'imagesAdded';
      images: NewImage[];
      /** Files the upload check refused, each with its i18n reason key (e.g. 'upload.tooLarge'). */
      rejected?: NoticeDetail[];
      source: 'upload' | 'import';
    }
  | { type: 'imageRemoved'; imageId: string }
  | { type: 'allImagesCleared' }
  // Analysis
  | { type: 'analysisStarted' }
  | { type: 'imageAnalysed'; imageId: string }
  | { type: 'analysisSucceeded'; analysis: RoomAnalysis; roomModeIds: string[] }
  /** `roomModeIds`: the modes of the fallback room ('general'), for the preselection. */
  | { type: 'analysisFailed'; roomModeIds: string[] }
  /** 'Optimieren' pressed when `needsAnalysis` is false: straight to mode selection. */
  | { type: 'optionsOpened'; roomModeIds: string[] }
  // Mode selection
  | { type: 'modeToggled'; modeId: string; imageId?: string }
  | { type: 'selectionKindChanged'; kind: ModeSelection['kind'] }
  // Processing
  | { type: 'enhancementStarted'; price: number; startedAt: number }
  | { type: 'imageEnhancing'; imageId: string }
  | { type: 'imageEnhanced'; imageId: string; enhancedUrl: string; description?: string }
  | { type: 'imageFailed'; imageId: string; error: string }
  | { type: 'batchFinished' }
  /** The whole batch broke off: 'error' is the unexpected failure of SPEC section 8, 'cancelled' the user's. */
  | { type: 'batchAborted'; reason: 'error' | 'cancelled' }
  | { type: 'insufficientCredits'; needed: number; current: number }
  /** The server's staging redirect, or the cozyFurnishing mode chosen. */
  | { type: 'stagingRedirect' }
  | { type: 'creditsLoaded'; credits: number }
  // Suggestions and final result
  | { type: 'suggestionsRequested' }
  | { type: 'suggestionsReceived'; suggestions: Suggestion[] }
  | { type: 'suggestionsFailed' }
  | { type: 'suggestionToggled'; suggestionId: string }
  | { type: 'customSuggestionChanged'; text: string }
  | { type: 'implementRequested' }
  | { type: 'finalReceived'; images: { imageId: string; url: string }[] }
  | { type: 'implementFailed' }
  | { type: 'stagingCompleted'; imageId: string; stagedUrl: string; shoppingList: ShoppingList }
  // Overlays, toasts, navigation
  | { type: 'compareOpened'; imageId: string }
  | { type: 'overlayClosed' }
  /** A toast from an effect (download failed, import error, ...); replaces the current one. */
  | { type: 'noticeShown'; notice: NoticeContent }
  | { type: 'noticeDismissed'; id: number }
  | { type: 'back' }
  | { type: 'reset' };

export function transition(state: WorkflowState, event: WorkflowEvent): WorkflowState {
  switch (event.type) {
    case 'imagesAdded':
      return imagesAdded(state, event.images, event.rejected ?? [], event.source);
    case 'imageRemoved':
      return imageRemoved(state, event.imageId);
    case 'allImagesCleared':
      if (!canEditImages(state) || state.images.length === 0) return state;
      return {
        ...state,
        images: [],
        analysis: null,
        analysisStatus: 'idle',
        analysedImageIds: [],
        modeSelection: { ...state.modeSelection, perImage: {} },
      };

    case 'analysisStarted':
      if (!canEditImages(state) || state.images.length === 0) return state;
      return { ...state, analysisStatus: 'running', analysis: null, analysedImageIds: [] };
    case 'imageAnalysed':
      if (
        state.analysisStatus !== 'running' ||
        !hasImage(state, event.imageId) ||
        state.analysedImageIds.includes(event.imageId)
      ) {
        return state;
      }
      return { ...state, analysedImageIds: [...state.analysedImageIds, event.imageId] };
    case 'analysisSucceeded': {
      if (state.analysisStatus !== 'running') return state;
      const analysis = onlyKnownImages(state, event.analysis);
      return withNotice(
        {
          ...state,
          analysisStatus: 'done',
          analysis,
          analysedImageIds: state.images.map((image) => image.id),
          showOptions: true,
          modeSelection: freshSelection(defaultModes(analysis, event.roomModeIds)),
        },
        // 'Analyse abgeschlossen'
        { key: 'toast.analysisDone', tone: 'success' },
      );
    }
    case 'analysisFailed':
      if (state.analysisStatus !== 'running') return state;
      return withNotice(
        {
          ...state,
          analysisStatus: 'failed',
          analysis: null,
          showOptions: true,
          modeSelection: freshSelection(defaultModes(null, event.roomModeIds)),
        },
        // 'Analyse fehlgeschlagen' / 'Standardoptimierungen werden empfohlen'
        { key: 'toast.analysisFailed', tone: 'error' },
      );
    case 'optionsOpened': {
      if (!canEditImages(state) || state.images.length === 0) return state;
      const keepChoice = state.modeSelection.uniform.length > 0 || state.modeSelection.kind === 'individual';
      return {
        ...state,
        showOptions: true,
        modeSelection: keepChoice
          ? state.modeSelection
          : freshSelection(defaultModes(state.analysis, event.roomModeIds)),
      };
    }

    case 'modeToggled':
      return modeToggled(state, event.modeId, event.imageId);
    case 'selectionKindChanged': {
      const selection = state.modeSelection;
      if (currentView(state) !== 'modes' || selection.kind === event.kind) return state;
      if (event.kind === 'uniform') return { ...state, modeSelection: { ...selection, kind: 'uniform' } };
      // 'Einzeln' starts every image from the current uniform choice (SPEC section 4).
      const perImage = Object.fromEntries(state.images.map((image) => [image.id, [...selection.uniform]]));
      return { ...state, modeSelection: { ...selection, kind: 'individual', perImage } };
    }

    case 'enhancementStarted':
      return enhancementStarted(state, event.price, event.startedAt);
    case 'imageEnhancing':
      if (!state.batch || imageStatus(state, event.imageId) !== 'pending') return state;
      return updateImage(state, event.imageId, (image) => ({ ...image, status: 'enhancing' }));
    case 'imageEnhanced': {
      if (!state.batch || !isRunningImage(state, event.imageId)) return state;
      const next = updateImage(state, event.imageId, (image) => ({
        ...withoutResult(image),
        status: 'enhanced',
        enhancedUrl: event.enhancedUrl,
        ...(event.description !== undefined ? { description: event.description } : {}),
      }));
      return { ...next, batch: { ...state.batch, done: state.batch.done + 1 } };
    }
    case 'imageFailed': {
      // One bad image fails alone; the batch goes on (SPEC section 8).
      if (!state.batch || !isRunningImage(state, event.imageId)) return state;
      const next = updateImage(state, event.imageId, (image) => ({
        ...withoutResult(image),
        status: 'error',
        error: event.error,
      }));
      return { ...next, batch: { ...state.batch, failed: state.batch.failed + 1 } };
    }
    case 'batchFinished':
      return batchFinished(state);
    case 'batchAborted': {
      if (!isBatchActive(state)) return state;
      const stopped = stopBatch(state);
      // 'Fehler' / 'Optimierung fehlgeschlagen'
      return event.reason === 'error'
        ? withNotice(stopped, { key: 'toast.enhanceFailed', tone: 'error' })
        : stopped;
    }
    case 'insufficientCredits': {
      const needed = nonNegative(event.needed);
      const current = nonNegative(event.current);
      return {
        ...stopBatch(state),
        credits: current,
        overlay: { kind: 'insufficientCredits', needed, current },
      };
    }
    case 'stagingRedirect': {
      const stopped = stopBatch(state);
      const [only] = state.images;
      if (state.images.length === 1 && only)
        return { ...stopped, overlay: { kind: 'staging', imageId: only.id } };
      // 'Virtual Staging' / 'Bitte wähle genau ein Bild für Virtual Staging aus'
      return withNotice(stopped, { key: 'toast.stagingNeedsOneImage', tone: 'error' });
    }
    case 'creditsLoaded':
      if (!Number.isFinite(event.credits) || event.credits === state.credits) return state;
      return { ...state, credits: nonNegative(event.credits) };

    case 'suggestionsRequested': {
      const view = currentView(state);
      if ((view !== 'results' && view !== 'modes') || state.suggestionsLoading) return state;
      if (suggestionSourceImages(state).length === 0) return state;
      return { ...state, suggestionsLoading: true };
    }
    case 'suggestionsReceived':
      if (!state.suggestionsLoading) return state;
      // 'Fehler' / 'Es konnten keine Vorschläge erstellt werden.'
      if (event.suggestions.length === 0) return suggestionsFailed(state);
      return {
        ...state,
        suggestionsLoading: false,
        suggestions: tieToImages(state, event.suggestions),
        customSuggestion: '',
      };
    case 'suggestionsFailed':
      return state.suggestionsLoading ? suggestionsFailed(state) : state;
    case 'suggestionToggled':
      if (currentView(state) !== 'suggestions' || state.implementing) return state;
      if (!state.suggestions.some((suggestion) => suggestion.id === event.suggestionId)) return state;
      return {
        ...state,
        suggestions: state.suggestions.map((suggestion) =>
          suggestion.id === event.suggestionId
            ? { ...suggestion, selected: !suggestion.selected }
            : suggestion,
        ),
      };
    case 'customSuggestionChanged':
      if (currentView(state) !== 'suggestions' || state.implementing) return state;
      return { ...state, customSuggestion: event.text };
    case 'implementRequested':
      if (currentView(state) !== 'suggestions' || state.implementing) return state;
      if (selectedSuggestions(state).length === 0 && state.customSuggestion.trim() === '') {
        // 'Keine Vorschläge ausgewählt' / 'Bitte wähle mindestens einen Vorschlag aus oder gib einen eigenen ein.'
        return withNotice(state, { key: 'toast.noSuggestionsSelected', tone: 'error' });
      }
      return { ...state, implementing: true };
    case 'finalReceived':
      if (!state.implementing) return state;
      return {
        ...state,
        implementing: false,
        finalResult: { images: event.images, appliedSuggestions: appliedSuggestionTexts(state) },
      };
    case 'implementFailed':
      if (!state.implementing) return state;
      // 'Fehler beim Umsetzen der Vorschläge' / 'Beim Umsetzen der Vorschläge ist ein Fehler aufgetreten.'
      return withNotice({ ...state, implementing: false }, { key: 'toast.implementFailed', tone: 'error' });
    case 'stagingCompleted': {
      // The dialog stays open on its 'complete' step; the final result waits underneath it.
      if (state.overlay?.kind !== 'staging' || state.overlay.imageId !== event.imageId) return state;
      return withNotice(
        {
          ...state,
          finalResult: {
            images: [{ imageId: event.imageId, url: event.stagedUrl }],
            appliedSuggestions: [],
            shoppingList: event.shoppingList,
          },
        },
        // 'Virtual Staging erfolgreich!' / 'Dein Raum wurde mit {n} Möbelstücken eingerichtet.'
        { key: 'toast.stagingDone', values: { n: event.shoppingList.items.length }, tone: 'success' },
      );
    }

    case 'compareOpened':
      if (state.overlay || !hasImage(state, event.imageId)) return state;
      return { ...state, overlay: { kind: 'compare', imageId: event.imageId } };
    case 'overlayClosed':
      return closeOverlay(state);
    case 'noticeShown':
      return withNotice(state, event.notice);
    case 'noticeDismissed':
      return state.notice?.id === event.id ? { ...state, notice: null } : state;
    case 'back':
      return back(state);
    case 'reset':
      // Credits belong to the user, not to this run; the notice counter only ever grows.
      return { ...initialState, credits: state.credits, noticeSeq: state.noticeSeq };
  }
}

function imagesAdded(
  state: WorkflowState,
  images: readonly NewImage[],
  rejected: readonly NoticeDetail[],
  source: 'upload' | 'import',
): WorkflowState {
  if (!canEditImages(state)) return state;
  const held = new Set(state.images.map(sameFileKey));
  const ids = new Set(state.images.map((image) => image.id));
  const added: ImageItem[] = [];
  // core/upload checked these against the images it saw; a second add racing the first can still repeat one.
  const refused: NoticeDetail[] = [...rejected];
  for (const image of images) {
    if (ids.has(image.id)) continue;
    if (held.has(sameFileKey(image))) {
      refused.push({ name: image.name, key: 'upload.duplicate' }); // 'Bereits hochgeladen'
      continue;
    }
    held.add(sameFileKey(image));
    ids.add(image.id);
    added.push({
      id: image.id,
      name: image.name,
      size: image.size,
      type: image.type,
      status: 'uploaded',
      ...(image.originalUrl !== undefined ? { originalUrl: image.originalUrl } : {}),
    });
  }
  const next = added.length > 0 ? { ...state, images: [...state.images, ...added] } : state;
  if (refused.length > 0) {
    // 'Nicht alle Bilder wurden übernommen', then '<name>: <reason>' joined with commas.
    return withNotice(next, {
      key: 'toast.uploadRejected',
      values: { n: added.length },
      details: refused,
      tone: 'error',
    });
  }
  if (added.length === 0) return state;
  // 'Bilder hochgeladen' / '{n} Bild(er) erfolgreich hinzugefügt'; imports: 'Bilder erfolgreich importiert'
  const key = source === 'import' ? 'toast.imagesImported' : 'toast.imagesAdded';
  return withNotice(next, { key, values: { n: added.length }, tone: 'success' });
}

function imageRemoved(state: WorkflowState, imageId: string): WorkflowState {
  if (!canEditImages(state) || !hasImage(state, imageId)) return state;
  const perImage = { ...state.modeSelection.perImage };
  delete perImage[imageId];
  let analysis = state.analysis;
  if (analysis && imageId in analysis.perImage) {
    const rooms = { ...analysis.perImage };
    delete rooms[imageId];
    analysis = { ...analysis, perImage: rooms };
  }
  return {
    ...state,
    images: state.images.filter((image) => image.id !== imageId),
    analysis,
    analysedImageIds: state.analysedImageIds.filter((id) => id !== imageId),
    modeSelection: { ...state.modeSelection, perImage },
  };
}

function modeToggled(state: WorkflowState, modeId: string, imageId: string | undefined): WorkflowState {
  if (currentView(state) !== 'modes') return state;
  const selection = state.modeSelection;
  if (selection.kind === 'uniform') {
    if (imageId !== undefined) return state;
    return { ...state, modeSelection: { ...selection, uniform: toggle(selection.uniform, modeId) } };
  }
  if (imageId === undefined || !hasImage(state, imageId)) return state;
  const perImage = { ...selection.perImage, [imageId]: toggle(selection.perImage[imageId] ?? [], modeId) };
  return { ...state, modeSelection: { ...selection, perImage } };
}

function enhancementStarted(state: WorkflowState, price: number, startedAt: number): WorkflowState {
  const view = currentView(state);
  if ((view !== 'modes' && view !== 'results') || state.overlay || !canApply(state)) return state;
  const planned = new Set(plannedJobs(state).map((job) => job.imageId));
  return {
    ...state,
    images: state.images.map((image) =>
      planned.has(image.id) ? { ...withoutResult(image), status: 'pending' } : image,
    ),
    batch: { startedAt, total: planned.size, done: 0, failed: 0 },
    // Hidden while processing; batchFinished shows them again (SPEC section 4).
    showOptions: false,
    resultsVisible: false,
    // Deducted locally at once; the effect refreshes the real balance from the server.
    credits: Math.max(0, state.credits - nonNegative(price)),
  };
}

function batchFinished(state: WorkflowState): WorkflowState {
  const batch = state.batch;
  if (!batch) return state;
  const stopped = stopBatch(state);
  if (batch.done === 0) {
    // 'Fehler' / 'Keines der Bilder konnte erfolgreich optimiert werden.'
    return withNotice(stopped, { key: 'toast.batchNoneSucceeded', tone: 'error' });
  }
  // 'Optimierung abgeschlossen' / '{done} von {total} Bildern erfolgreich optimiert' (+ ', {failed} Fehler')
  return withNotice(
    { ...stopped, resultsVisible: true },
    {
      key: 'toast.batchDone',
      values: { done: batch.done, total: batch.total, failed: batch.failed },
      tone: 'success',
    },
  );
}

const isBatchActive = (state: WorkflowState): boolean =>
  state.batch !== null ||
  state.images.some((image) => image.status === 'pending' || image.status === 'enhancing');

/**
 * Ends a batch, however it ended: images that never got their turn go back to 'uploaded' so they can run
 * again, and the mode selection returns.
 */
function stopBatch(state: WorkflowState): WorkflowState {
  if (!isBatchActive(state)) return state;
  return {
    ...state,
    batch: null,
    images: state.images.map((image) =>
      image.status === 'pending' || image.status === 'enhancing' ? { ...image, status: 'uploaded' } : image,
    ),
    showOptions: state.images.length > 0,
    resultsVisible: false,
  };
}

function suggestionsFailed(state: WorkflowState): WorkflowState {
  // 'Fehler' / 'Es konnten keine Vorschläge erstellt werden.'
  return withNotice(
    { ...state, suggestionsLoading: false },
    { key: 'toast.suggestionsFailed', tone: 'error' },
  );
}

/** A suggestion's 'Bild n:' names the n-th image sent (see `suggestionSourceImages`); give it that image's id. */
function tieToImages(state: WorkflowState, suggestions: readonly Suggestion[]): Suggestion[] {
  const sources = suggestionSourceImages(state);
  return suggestions.map((suggestion) => {
    if (suggestion.imageId !== undefined || suggestion.imageNumber === undefined) return suggestion;
    const image = sources[suggestion.imageNumber - 1];
    return image ? { ...suggestion, imageId: image.id } : suggestion;
  });
}

function closeOverlay(state: WorkflowState): WorkflowState {
  if (!state.overlay) return state;
  // Closing the staging dialog returns to mode selection (SPEC section 4).
  const showOptions = state.overlay.kind === 'staging' ? state.images.length > 0 : state.showOptions;
  return { ...state, overlay: null, showOptions };
}

/** SPEC section 4, 'Back navigation'. Nothing goes back while work runs: that is cancelled, not navigated. */
function back(state: WorkflowState): WorkflowState {
  if (state.overlay) return closeOverlay(state);
  if (state.suggestionsLoading) return state;
  switch (currentView(state)) {
    case 'final':
      if (state.finalResult?.shoppingList) {
        return {
          ...state,
          finalResult: null,
          suggestions: [],
          customSuggestion: '',
          resultsVisible: false,
          showOptions: true,
          images: state.images.map((image) => ({ ...withoutResult(image), status: 'uploaded' })),
        };
      }
      return { ...state, finalResult: null };
    case 'suggestions':
      if (state.implementing) return state;
      return { ...state, suggestions: [], customSuggestion: '' };
    case 'results':
      return { ...state, resultsVisible: false };
    case 'modes':
      return { ...state, showOptions: false };
    case 'upload':
    case 'analysis':
    case 'processing':
      return state;
  }
}

function withNotice(state: WorkflowState, notice: NoticeContent): WorkflowState {
  const id = state.noticeSeq + 1;
  return { ...state, noticeSeq: id, notice: { ...notice, id } };
}

function freshSelection(modes: string[]): ModeSelection {
  return { kind: 'uniform', uniform: modes, perImage: {} };
}

/** Drops per-image room types of images the machine does not hold (the analysis may answer late). */
function onlyKnownImages(state: WorkflowState, analysis: RoomAnalysis): RoomAnalysis {
  const perImage: Record<string, RoomType> = {};
  for (const image of state.images) {
    const room = analysis.perImage[image.id];
    if (room !== undefined) perImage[image.id] = room;
  }
  return { ...analysis, recommendedModes: unique(analysis.recommendedModes), perImage };
}

function updateImage(
  state: WorkflowState,
  imageId: string,
  update: (image: ImageItem) => ImageItem,
): WorkflowState {
  return { ...state, images: state.images.map((image) => (image.id === imageId ? update(image) : image)) };
}

function withoutResult(image: ImageItem): ImageItem {
  const { enhancedUrl: _url, description: _description, error: _error, ...rest } = image;
  return rest;
}

const hasImage = (state: WorkflowState, imageId: string) =>
  state.images.some((image) => image.id === imageId);
const imageStatus = (state: WorkflowState, imageId: string) =>
  state.images.find((image) => image.id === imageId)?.status;
const isRunningImage = (state: WorkflowState, imageId: string) => {
  const status = imageStatus(state, imageId);
  return status === 'pending' || status === 'enhancing';
};
const sameFileKey = (file: { name: string; size: number }) => `${file.name}\u0000${file.size}`;
const toggle = (modes: readonly string[], modeId: string) =>
  modes.includes(modeId) ? modes.filter((id) => id !== modeId) : [...modes, modeId];
const nonNegative = (n: number) => (Number.isFinite(n) ? Math.max(0, n) : 0);
