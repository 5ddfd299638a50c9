// The composition root of the web app: makes the device database, the workflow store, the worker engine, the
// room analyser and the API adapters once, and wires them into the workflow's actions as its deps. The adapters
// only carry out: what a failure means, what is retried and how large a photo travels is the workflow's
// (web/workflow/actions). Screens receive the result through React context (context.ts), never the database.

import { combineAnalyses } from '../../core/analysis/room/combine';
import type { PerImageRoom } from '../../core/analysis/room/types';
import { currentUserId, loginPath } from '../api/auth';
import { newIdempotencyKey } from '../api/idempotencyKey';
import { blobToDataUrl, dataUrlToBlob, downscaledDataUrl } from '../api/imageData';
import { AppDb } from '../data/db';
import { createImageEngine, type ImageEngine } from '../engine/bridge';
import { convertBlob, encodeBitmap, JPEG_QUALITY, withBitmap } from '../engine/canvasCodec';
import { drawDisclosureLabel } from '../engine/disclosureLabel';
import { retouchInWorker } from '../engine/retouch';
import { createRoomAnalyzer, type RoomAnalyzer } from '../engine/room/roomAnalyzer';
import { t } from '../i18n/de';
import { createActions, type ActionDeps, type Actions } from '../workflow/actions';
import type { ImageFit } from '../workflow/actions/imageSizes';
import { storedBlobs, type StoredBlobs } from '../workflow/previews';
import { createWorkflowStore, type WorkflowStore } from '../workflow/store';
import { downloadOne, downloadZip } from './download';
import { fitJpeg } from './fitJpeg';
import { exportPreset } from './portalExport';

// The API calls load with their first use: they bring the contracts (zod), which the landing page does not need.
const aiApi = () => import('../api/ai');
const stagingApi = () => import('../api/staging');

/** The photo within the size the workflow chose for the call (web/workflow/actions/imageSizes.ts). */
const fittedJpeg = (blob: Blob, { maxSide, maxBytes }: ImageFit) =>
  fitJpeg(blob, { maxBytes: maxBytes ?? Number.POSITIVE_INFINITY, maxSide, mayShrink: true });

/** The same as the data URL a JSON call sends; without a byte budget, only scaled down. */
const fittedDataUrl = async (blob: Blob, fit: ImageFit) =>
  fit.maxBytes === undefined
    ? downscaledDataUrl(blob, fit.maxSide)
    : blobToDataUrl(await fittedJpeg(blob, fit));

export interface AppServices {
  /** The stored photos and results the screens show (never the database handle itself). */
  previews: StoredBlobs;
  store: WorkflowStore;
  actions: Actions;
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

async function analyzeOnServer(
  signal: AbortSignal,
  { image, fit }: { image: Blob; fit: ImageFit },
): Promise<PerImageRoom> {
  const dataUrl = await fittedDataUrl(image, fit);
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
      async runDeviceModes(signal, image) {
        engine ??= createImageEngine();
        const result = await engine.processPhoto(signal, image);
        return { blob: result.blob, notes: result.notes };
      },
    },
    rooms: {
      analyze: (signal, blob) => (roomAnalyzer ??= createRoomAnalyzer()).analyze(signal, blob),
      analyzeOnServer,
      combine: combineAnalyses,
    },
    ai: {
      async runServerModes(signal, { image, fit, modeIds, roomType, idempotencyKey }) {
        const result = await (
          await aiApi()
        ).enhanceImages(signal, {
          files: [await fittedJpeg(image, fit)],
          selectedModes: modeIds,
          roomType,
          idempotencyKey,
        });
        const [outcome] = result.images;
        if (!outcome) throw new Error('no result');
        if (!outcome.ok) throw outcome.failure;
        return { blob: await dataUrlToBlob(outcome.url), description: outcome.description };
      },
      async generateSuggestions(signal, { images, fit, roomTypes }) {
        const imageDataUrls = await Promise.all(images.map((blob) => fittedDataUrl(blob, fit)));
        const { generateSuggestions } = await aiApi();
        return (await generateSuggestions(signal, { imageDataUrls, roomTypes })).suggestions;
      },
      async implementSuggestions(signal, { image, fit, suggestions, idempotencyKey }) {
        const imageUrls = [await fittedDataUrl(image, fit)];
        const { implementSuggestions } = await aiApi();
        const result = await implementSuggestions(signal, { imageUrls, suggestions, idempotencyKey });
        const [outcome] = result.images;
        if (!outcome) throw new Error('no result');
        if (!outcome.ok) throw outcome.failure;
        return { blob: await dataUrlToBlob(outcome.url), applied: result.applied?.[0] ?? null };
      },
    },
    staging: {
      async analyze(signal, { image, fit, options }) {
        const imageBase64 = await fittedDataUrl(image, fit);
        return (await stagingApi()).analyzeStaging(signal, { imageBase64, options });
      },
      async apply(signal, { image, fit, stagedImage, idempotencyKey, ...request }) {
        // The device's render is already a JPEG of at most 2048 px (web/staging/device.ts): it travels as it is,
        // not decoded and encoded a second time.
        const [imageBase64, stagedImageBase64] = await Promise.all([
          fittedDataUrl(image, fit),
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
    makePreview: (blob, width) =>
      withBitmap(blob, { width, quality: 'medium' }, (bitmap) =>
        typeof OffscreenCanvas === 'undefined'
          ? null
          : encodeBitmap(bitmap, 'image/jpeg', JPEG_QUALITY.preview),
      ),
    toJpeg: (blob) => convertBlob(blob, 'image/jpeg', JPEG_QUALITY.keep),
    scrapeListing: async (url) => (await import('../api/listing')).scrapeProperty(url),
    fetchCredits: async (signal) => (await import('../api/credits')).fetchBalance(signal),
    files: { saveOne: downloadOne, saveZip: downloadZip, allowsLabel: () => exportPreset().allowsText },
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
  return { previews: storedBlobs(db), store, actions: createActions(deps) };
}
