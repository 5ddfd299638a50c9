// The workflow's effects: what happens when the user presses a button. Each action reads the state, runs the
// work (the device engine, the room analyser, the server's AI), and reports back as events. Every long action
// owns an AbortController, so 'Abbrechen', 'Zurück' and reset stop it; one failing photo never stops the rest.

import { CREDITS_REFRESH_DELAY_MS } from '../../core/catalog/limits';
import { isDeviceMode, modeById, modeCost, roomModes } from '../../core/catalog/modes';
import { STAGING_MODE_ID } from '../../core/catalog/pricing';
import type { RoomType } from '../../core/catalog/types';
import type { VisibleElements } from '../../core/catalog/analysis';
import type { Suggestion } from '../../core/text/suggestionTypes';
import { clearImages, getResult, saveResult, type AppDb } from '../data/db';
import { t } from '../i18n/de';
import { downloadOne, downloadZip } from './download';
import {
  creditsNeeded,
  needsAnalysis,
  plannedJobs,
  roomTypeFor,
  type PlannedJob,
  type RoomAnalysis,
} from './machine';
import type { WorkflowStore } from './store';

export interface ImageRoomAnalysis {
  roomType: RoomType;
  visibleElements: VisibleElements;
}

/** What the actions need from the outside world; web/app/services.ts adapts the real engine and API to it. */
export interface ActionDeps {
  db: AppDb;
  store: WorkflowStore;
  engine: {
    enhance(
      signal: AbortSignal,
      image: { imageId: string; blob: Blob; modeIds: string[] },
    ): Promise<{ blob: Blob; notes: string[] }>;
  };
  rooms: {
    analyze(signal: AbortSignal, blob: Blob): Promise<ImageRoomAnalysis>;
    /** Mixed rooms and recommended modes from the per-photo results. */
    combine(perImage: ImageRoomAnalysis[]): Omit<RoomAnalysis, 'perImage'>;
  };
  ai: {
    enhance(
      signal: AbortSignal,
      input: { image: Blob; modeIds: string[]; roomType: RoomType | undefined; idempotencyKey: string },
    ): Promise<{ blob: Blob; description: string }>;
    generateSuggestions(
      signal: AbortSignal,
      input: { images: Blob[]; roomTypes: RoomType[] },
    ): Promise<Suggestion[]>;
    implementSuggestions(
      signal: AbortSignal,
      input: { images: Blob[]; suggestions: string[]; idempotencyKey: string },
    ): Promise<Blob[]>;
  };
  /** Turns any error of the calls above into what the workflow does about it. */
  classify(error: unknown): Failure;
  /** Asks for the server's balance to be reloaded; it arrives as a 'creditsLoaded' event. */
  creditsChanged(): void;
  isSignedIn(): boolean;
  goToLogin(): void;
  newKey(): string;
}

export type Failure =
  | { kind: 'insufficientCredits'; needed: number; current: number }
  | { kind: 'stagingRedirect' }
  | { kind: 'unauthenticated' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

const costOf = (id: string) => {
  const mode = modeById(id);
  return mode ? modeCost(mode) : 0;
};

/** Device modes run first, in catalogue order, so the server edits the locally improved photo. */
function splitModes(modeIds: readonly string[]) {
  return { device: modeIds.filter(isDeviceMode), server: modeIds.filter((id) => !isDeviceMode(id)) };
}

/**
 * One ticked suggestion as the server reads it: a suggestion made for one photo starts with 'Bild n:' (n counts the
 * photos sent, as in the suggestion text format), so the server applies it to that photo only; the rest apply to all.
 */
export function suggestionLine(suggestion: Suggestion, sources: readonly { id: string }[]): string {
  const n = sources.findIndex((image) => image.id === suggestion.imageId) + 1;
  const text = `${suggestion.title}: ${suggestion.description}`;
  return n > 0 ? `Bild ${n}: ${text}` : text;
}

export type Actions = ReturnType<typeof createActions>;

export function createActions(deps: ActionDeps) {
  const { db, store } = deps;
  let running: AbortController | null = null;

  const begin = () => {
    running?.abort();
    running = new AbortController();
    return running.signal;
  };
  const original = async (imageId: string): Promise<Blob> => {
    const row = await db.images.get(imageId);
    if (!row) throw new Error(t('results.noResult'));
    return row.original;
  };
  const notifyFailure = (key: string, values?: Record<string, string | number>) =>
    store.dispatch({ type: 'noticeShown', notice: { key, values, tone: 'error' } });

  async function analyse(): Promise<void> {
    const signal = begin();
    const general = roomModes('general').map((m) => m.id);
    store.dispatch({ type: 'analysisStarted' });
    try {
      const results: ImageRoomAnalysis[] = [];
      const perImage: Record<string, RoomType> = {};
      for (const image of store.getState().images) {
        const result = await deps.rooms.analyze(signal, await original(image.id));
        results.push(result);
        perImage[image.id] = result.roomType;
        store.dispatch({ type: 'imageAnalysed', imageId: image.id });
      }
      const combined = deps.rooms.combine(results);
      const room = combined.roomType === 'mixed' ? 'general' : combined.roomType;
      store.dispatch({
        type: 'analysisSucceeded',
        analysis: { ...combined, perImage },
        roomModeIds: roomModes(room).map((m) => m.id),
      });
    } catch (error) {
      if (signal.aborted) return;
      console.warn('raumglanz: analysis failed', error);
      store.dispatch({ type: 'analysisFailed', roomModeIds: general });
    }
  }

  async function enhanceOne(signal: AbortSignal, batchKey: string, imageId: string, modeIds: string[]) {
    const { device, server } = splitModes(modeIds);
    // Every photo passes the engine, even with no device mode: its re-encoding drops EXIF and GPS before
    // anything of the photo leaves the device or is downloaded.
    const local = await deps.engine.enhance(signal, {
      imageId,
      blob: await original(imageId),
      modeIds: device,
    });
    let blob = local.blob;
    const notes = [...local.notes];
    if (server.length > 0) {
      const remote = await deps.ai.enhance(signal, {
        image: blob,
        modeIds: server,
        roomType: roomTypeFor(store.getState(), imageId),
        // The header allows 64 characters: a UUID and a 64-digit photo hash do not fit, so the photo is named
        // by the start of its hash, which is plenty to tell the photos of one batch apart.
        idempotencyKey: `${batchKey}:${imageId.slice(0, 16)}`,
      });
      blob = remote.blob;
      notes.push(remote.description);
    }
    const enhancedUrl = await saveResult(db, imageId, 'enhanced', blob);
    store.dispatch({ type: 'imageEnhanced', imageId, enhancedUrl, description: notes.join(' · ') });
  }

  async function apply(): Promise<void> {
    const state = store.getState();
    const jobs = plannedJobs(state);
    if (jobs.length === 0) return;
    if (jobs.some((job) => job.modes.includes(STAGING_MODE_ID))) {
      store.dispatch({ type: 'stagingRedirect' });
      return;
    }
    const price = creditsNeeded(state, costOf);
    if (price > 0 && !deps.isSignedIn()) {
      deps.goToLogin();
      return;
    }
    if (price > state.credits) {
      store.dispatch({ type: 'insufficientCredits', needed: price, current: state.credits });
      return;
    }

    const signal = begin();
    store.dispatch({ type: 'enhancementStarted', price, startedAt: Date.now() });
    if (price > 0) setTimeout(deps.creditsChanged, CREDITS_REFRESH_DELAY_MS);
    try {
      await runBatch(signal, deps.newKey(), jobs);
    } catch (error) {
      // Per-photo failures are handled inside; anything else must not leave the processing view hanging.
      if (!signal.aborted) {
        console.warn('raumglanz: batch failed', error);
        // 'Fehler' / 'Optimierung fehlgeschlagen'
        store.dispatch({ type: 'batchAborted', reason: 'error' });
      }
    } finally {
      // However the batch ended (done, refused, cancelled), the server's balance is read again.
      if (price > 0) deps.creditsChanged();
    }
  }

  /** The photos one at a time; one failing photo fails alone, a whole-batch failure stops the rest. */
  async function runBatch(signal: AbortSignal, batchKey: string, jobs: readonly PlannedJob[]) {
    for (const job of jobs) {
      if (signal.aborted) return;
      store.dispatch({ type: 'imageEnhancing', imageId: job.imageId });
      try {
        await enhanceOne(signal, batchKey, job.imageId, job.modes);
      } catch (error) {
        const failure = deps.classify(error);
        if (failure.kind === 'cancelled' || signal.aborted) return;
        if (failure.kind === 'insufficientCredits') {
          store.dispatch({ type: 'insufficientCredits', needed: failure.needed, current: failure.current });
          return;
        }
        if (failure.kind === 'stagingRedirect') {
          store.dispatch({ type: 'stagingRedirect' });
          return;
        }
        if (failure.kind === 'unauthenticated') {
          store.dispatch({ type: 'batchAborted', reason: 'cancelled' });
          deps.goToLogin();
          return;
        }
        store.dispatch({ type: 'imageFailed', imageId: job.imageId, error: failure.message });
      }
    }
    store.dispatch({ type: 'batchFinished' });
  }

  async function requestSuggestions(): Promise<void> {
    const signal = begin();
    store.dispatch({ type: 'suggestionsRequested' });
    const state = store.getState();
    if (!state.suggestionsLoading) return;
    try {
      const sources = state.images.filter((i) => i.status === 'enhanced' && i.enhancedUrl);
      const images = await Promise.all(
        sources.map(async (i) => (await getResult(db, i.enhancedUrl!)) ?? original(i.id)),
      );
      const roomTypes = sources.map((i) => roomTypeFor(state, i.id) ?? 'general');
      const suggestions = await deps.ai.generateSuggestions(signal, { images, roomTypes });
      store.dispatch({ type: 'suggestionsReceived', suggestions });
    } catch (error) {
      if (signal.aborted) return;
      const failure = deps.classify(error);
      store.dispatch({ type: 'suggestionsFailed' });
      // One toast at a time: the reason replaces the plain 'Es konnten keine Vorschläge erstellt werden.'
      if (failure.kind === 'failed') {
        notifyFailure('toast.suggestionsFailedBecause', { message: failure.message });
      }
    }
  }

  async function implement(): Promise<void> {
    store.dispatch({ type: 'implementRequested' });
    const state = store.getState();
    if (!state.implementing) return;
    const signal = begin();
    try {
      const sources = state.images.filter((i) => i.status === 'enhanced' && i.enhancedUrl);
      const images = await Promise.all(
        sources.map(async (i) => (await getResult(db, i.enhancedUrl!)) ?? original(i.id)),
      );
      const custom = state.customSuggestion.trim();
      const lines = [
        ...state.suggestions.filter((s) => s.selected).map((s) => suggestionLine(s, sources)),
        ...(custom ? [custom] : []),
      ];
      const finals = await deps.ai.implementSuggestions(signal, {
        images,
        suggestions: lines,
        idempotencyKey: deps.newKey(),
      });
      if (finals.length === 0) throw new Error(t('errors.noFinalImages'));
      const stored = await Promise.all(
        finals.map(async (blob, i) => ({
          imageId: sources[i]!.id,
          url: await saveResult(db, sources[i]!.id, 'final', blob),
        })),
      );
      store.dispatch({ type: 'finalReceived', images: stored });
      deps.creditsChanged();
    } catch (error) {
      if (signal.aborted) return;
      const failure = deps.classify(error);
      if (failure.kind === 'insufficientCredits') {
        store.dispatch({ type: 'implementFailed' });
        store.dispatch({ type: 'insufficientCredits', needed: failure.needed, current: failure.current });
        return;
      }
      if (failure.kind === 'unauthenticated') {
        store.dispatch({ type: 'implementFailed' });
        deps.goToLogin();
        return;
      }
      store.dispatch({ type: 'implementFailed' });
    }
  }

  async function download(blobs: () => Promise<Blob[]>, save: (blobs: Blob[]) => Promise<void>) {
    try {
      await save(await blobs());
      store.dispatch({ type: 'noticeShown', notice: { key: 'download.started', tone: 'success' } });
    } catch (error) {
      console.warn('raumglanz: download failed', error);
      store.dispatch({ type: 'noticeShown', notice: { key: 'download.failed', tone: 'error' } });
    }
  }
  const resultBlob = async (key: string | undefined) => {
    const blob = key ? await getResult(db, key) : null;
    if (!blob) throw new Error('result missing');
    return blob;
  };

  return {
    /** 'N Bilder optimieren': analyse first when needed, then the mode selection. */
    optimize(): void {
      const state = store.getState();
      if (needsAnalysis(state)) {
        void analyse();
        return;
      }
      const room = state.analysis?.roomType;
      const roomModeIds = roomModes(!room || room === 'mixed' ? 'general' : room).map((m) => m.id);
      store.dispatch({ type: 'optionsOpened', roomModeIds });
    },
    apply: () => void apply(),
    cancel(): void {
      running?.abort();
      store.dispatch({ type: 'batchAborted', reason: 'cancelled' });
    },
    requestSuggestions: () => void requestSuggestions(),
    implement: () => void implement(),
    /** The enhanced result of one photo; n (1-based) names the file. */
    downloadEnhanced(imageId: string): void {
      const images = store.getState().images.filter((i) => i.status === 'enhanced');
      const n = images.findIndex((i) => i.id === imageId) + 1;
      void download(
        async () => [await resultBlob(images[n - 1]?.enhancedUrl)],
        ([blob]) => downloadOne(blob!, n),
      );
    },
    downloadAllEnhanced(): void {
      const images = store.getState().images.filter((i) => i.status === 'enhanced');
      void download(
        () => Promise.all(images.map((i) => resultBlob(i.enhancedUrl))),
        (blobs) => downloadZip(blobs, t('download.zipName')),
      );
    },
    downloadFinal(index: number): void {
      const final = store.getState().finalResult?.images ?? [];
      void download(
        async () => [await resultBlob(final[index]?.url)],
        ([blob]) => downloadOne(blob!, index + 1),
      );
    },
    downloadAllFinal(): void {
      const final = store.getState().finalResult?.images ?? [];
      void download(
        () => Promise.all(final.map((f) => resultBlob(f.url))),
        (blobs) => downloadZip(blobs, t('download.zipName')),
      );
    },
    /** Start over: the workflow and the photos on this device are cleared. */
    reset(): void {
      running?.abort();
      store.dispatch({ type: 'reset' });
      void clearImages(db);
    },
  };
}
