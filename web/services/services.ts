// The composition root of the web app: makes the device database, the workflow store, the worker engine, the
// room analyser and the API adapters once, and wires them into the workflow's actions as its deps. Screens
// receive the result through React context (context.ts) and never build any of it themselves.

import { combineAnalyses } from '../../core/analysis/room/combine';
import { SERVER_IMAGE_MAX_SIDE } from '../../core/catalog/limits';
import { serverImageBudget } from '../../core/upload/jpegBudget';
import type { PerImageRoom } from '../../core/analysis/room/types';
import { currentUserId, loginPath } from '../api/auth';
import { ApiFailure } from '../api/errors';
import { newIdempotencyKey } from '../api/idempotencyKey';
import { blobToDataUrl, dataUrlToBlob, downscaledDataUrl } from '../api/imageData';
import { AppDb } from '../data/db';
import { createImageEngine, isEngineError, type ImageEngine } from '../engine/bridge';
import { convertBlob, encodeBitmap, JPEG_QUALITY, withBitmap } from '../engine/canvasCodec';
import { drawDisclosureLabel } from '../engine/disclosureLabel';
import { retouchInWorker } from '../engine/retouch';
import { createRoomAnalyzer, type RoomAnalyzer } from '../engine/room/roomAnalyzer';
import { t } from '../i18n/de';
import { createActions, type ActionDeps, type Actions, type Failure } from '../workflow/actions';
import { parseRetryAfter, type RetryFacts } from '../workflow/outbox/rules';
import { createWorkflowStore, type WorkflowStore } from '../workflow/store';
import { downloadOne, downloadZip } from './download';
import { fitJpeg } from './fitJpeg';
import { exportPreset } from './portalExport';

// The API calls load with their first use: they bring the contracts (zod), which the landing page does not need.
const aiApi = () => import('../api/ai');
const stagingApi = () => import('../api/staging');

/** Analysis and suggestions look at the photo as a whole: 1024 px is plenty and keeps uploads small. */
const ANALYSIS_SIDE = 1024;
/** Grid thumbnails: wide enough for the largest grid cell on a sharp screen. */
const PREVIEW_WIDTH = 480;

/**
 * A photo as the server accepts it: within its long side and, sharing one request with count-1 others, within
 * its byte budget (core/catalog/limits), so a large photo is shrunk here instead of refused there.
 */
const forServer = (blob: Blob, count: number) =>
  fitJpeg(blob, { maxBytes: serverImageBudget(count), maxSide: SERVER_IMAGE_MAX_SIDE, mayShrink: true });

export interface AppServices {
  db: AppDb;
  store: WorkflowStore;
  actions: Actions;
}

/** An API failure as the outbox's rules read it; anything else (the engine, a bug) is never retried. */
function retryFacts(error: unknown): RetryFacts | null {
  if (!(error instanceof ApiFailure)) return null;
  const header = error.details.retryAfter;
  return {
    status: error.status,
    code: error.code,
    retryAfterSeconds: typeof header === 'string' ? parseRetryAfter(header, Date.now()) : null,
  };
}

/** Background Sync where the browser has it (Chromium): public/sw-outbox.js then wakes a tab to send. */
function requestSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & {
          sync?: { register(tag: string): Promise<void> };
        }
      ).sync?.register('raumglanz-outbox'),
    )
    .catch(() => undefined);
}

function classify(error: unknown): Failure {
  if (isEngineError(error)) {
    return error.code === 'cancelled'
      ? { kind: 'cancelled' }
      : { kind: 'failed', message: error.germanMessage };
  }
  if (error instanceof ApiFailure) {
    if (error.code === 'ABORTED') return { kind: 'cancelled' };
    if (error.code === 'INSUFFICIENT_CREDITS') {
      const needed = Number(error.details.creditsNeeded ?? 0);
      const current = Number(error.details.credits ?? 0);
      return { kind: 'insufficientCredits', needed, current };
    }
    if (error.code === 'VIRTUAL_STAGING_REDIRECT') return { kind: 'stagingRedirect' };
    if (error.code === 'UNAUTHENTICATED') return { kind: 'unauthenticated' };
    const refused = error.details.modeIds;
    if (error.code === 'AI_UNAVAILABLE' && Array.isArray(refused)) {
      return { kind: 'failed', message: error.message, refusedModeIds: refused.map(String) };
    }
    return { kind: 'failed', message: error.message };
  }
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** The server's room analysis: the fallback for a device whose browser cannot run the room detector. */
async function analyzeOnServer(signal: AbortSignal, blob: Blob): Promise<PerImageRoom> {
  const dataUrl = await downscaledDataUrl(blob, ANALYSIS_SIDE);
  const { individualAnalyses } = await (await aiApi()).analyzeImages(signal, [dataUrl]);
  const [first] = individualAnalyses;
  if (!first) throw new Error('no analysis');
  return { roomType: first.roomType, visibleElements: first.visibleElements };
}

export function createServices(
  navigate: (path: string) => void = (path) => location.assign(path),
): AppServices {
  const db = new AppDb();
  const store = createWorkflowStore(db);
  let engine: ImageEngine | null = null;
  let roomAnalyzer: RoomAnalyzer | null = null;
  const deps: ActionDeps = {
    db,
    store,
    engine: {
      async enhance(signal, image) {
        engine ??= createImageEngine();
        const result = await engine.enhance(signal, image);
        return { blob: result.blob, notes: result.notes };
      },
    },
    rooms: {
      async analyze(signal, blob) {
        try {
          return await (roomAnalyzer ??= createRoomAnalyzer()).analyze(signal, blob);
        } catch (error) {
          if (signal.aborted || (isEngineError(error) && error.code === 'cancelled')) throw error;
          console.warn('raumglanz: room detector failed on this device, asking the server', error);
          return analyzeOnServer(signal, blob);
        }
      },
      combine: combineAnalyses,
    },
    ai: {
      async enhance(signal, { image, modeIds, roomType, idempotencyKey }) {
        const result = await (
          await aiApi()
        ).enhanceImages(signal, {
          files: [await forServer(image, 1)],
          selectedModes: modeIds,
          roomType,
          idempotencyKey,
        });
        const [outcome] = result.images;
        if (!outcome) throw new Error('no result');
        if (!outcome.ok) throw outcome.failure;
        return { blob: await dataUrlToBlob(outcome.url), description: outcome.description };
      },
      async generateSuggestions(signal, { images, roomTypes }) {
        const imageDataUrls = await Promise.all(images.map((blob) => downscaledDataUrl(blob, ANALYSIS_SIDE)));
        const { generateSuggestions } = await aiApi();
        return (await generateSuggestions(signal, { imageDataUrls, roomTypes })).suggestions;
      },
      async implementSuggestions(signal, { image, suggestions, idempotencyKey }) {
        const imageUrls = [await blobToDataUrl(await forServer(image, 1))];
        const { implementSuggestions } = await aiApi();
        const result = await implementSuggestions(signal, { imageUrls, suggestions, idempotencyKey });
        const [outcome] = result.images;
        if (!outcome) throw new Error('no result');
        if (!outcome.ok) throw outcome.failure;
        // An answer that does not say (stored before it could) counts every line as applied.
        const applied = result.applied?.[0] ?? suggestions.map((_, i) => i);
        return { blob: await dataUrlToBlob(outcome.url), applied };
      },
    },
    staging: {
      async analyze(signal, { image, options }) {
        const imageBase64 = await downscaledDataUrl(image, ANALYSIS_SIDE);
        return (await stagingApi()).analyzeStaging(signal, { imageBase64, options });
      },
      async apply(signal, { image, stagedImage, idempotencyKey, ...request }) {
        // The device's render is already a JPEG of at most 2048 px (web/staging/device.ts): it travels as it is,
        // not decoded and encoded a second time. The original only identifies the photo, so it travels small.
        const [imageBase64, stagedImageBase64] = await Promise.all([
          downscaledDataUrl(image, ANALYSIS_SIDE),
          blobToDataUrl(stagedImage),
        ]);
        const { applyStaging } = await stagingApi();
        const answer = await applyStaging(signal, {
          imageBase64,
          stagedImageBase64,
          ...request,
          idempotencyKey,
        });
        return {
          blob: await dataUrlToBlob(answer.stagedImageUrl),
          shoppingList: answer.shoppingList,
          description: answer.description,
        };
      },
    },
    stagingDevice: {
      // three.js, the segmenter and the furniture load with the first staging, never with the first page.
      place: async (signal, input) => (await import('../staging/device')).placeOnDevice(signal, input),
    },
    retouch: (signal, input) => retouchInWorker(signal, input),
    labelVirtual: (blob) => drawDisclosureLabel(blob, t('final.virtualLabel')),
    makePreview: (blob) =>
      withBitmap(blob, { width: PREVIEW_WIDTH, quality: 'medium' }, (bitmap) =>
        typeof OffscreenCanvas === 'undefined'
          ? null
          : encodeBitmap(bitmap, 'image/jpeg', JPEG_QUALITY.preview),
      ),
    toJpeg: (blob) => convertBlob(blob, 'image/jpeg', JPEG_QUALITY.keep),
    scrapeListing: async (url) => (await import('../api/listing')).scrapeProperty(url),
    fetchCredits: async (signal) => (await import('../api/credits')).fetchBalance(signal),
    files: { saveOne: downloadOne, saveZip: downloadZip, allowsLabel: () => exportPreset().allowsText },
    classify,
    retryFacts,
    requestSync,
    storageEstimate: async () => {
      const estimate = await navigator.storage?.estimate?.().catch(() => null);
      return estimate ? { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 } : null;
    },
    isSignedIn: () => currentUserId() !== null,
    isOnline: () => navigator.onLine,
    goToLogin: (reason) => navigate(loginPath('/', reason)),
    newKey: newIdempotencyKey,
  };
  return { db, store, actions: createActions(deps) };
}
