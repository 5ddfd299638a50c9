// The upload effect: reads the dropped or chosen files, applies the upload rules of core/upload to their real
// bytes, stores the accepted photos (with a small preview) in IndexedDB, and reports the outcome as one event,
// each photo with its pixel count from the header (the processing view's estimate scales with it).
// Removing one photo or all of them deletes them from the device only when the workflow allowed it.

import { MAX_FILE_BYTES, MAX_UPLOAD_FILES } from '../../../core/catalog/limits';
import { readImageSize } from '../../../core/upload/imageSize';
import { SNIFF_BYTES } from '../../../core/upload/sniffImageType';
import { validateUploads, type RejectionReason } from '../../../core/upload/validateUploads';
import { addImages, clearImages, removeImage, type StoredImage } from '../../data/db';
import { sha256Hex } from '../../data/hash';
import type { NoticeDetail } from '../state';
import { storageFailureNotice } from '../store';
import type { ActionDeps } from './deps';
import { PREVIEW_WIDTH } from './imageSizes';

const REASON_KEYS: Record<RejectionReason, NoticeDetail['key']> = {
  unsupportedFormat: 'upload.unsupportedFormat',
  tooLarge: 'upload.tooLarge',
  duplicate: 'upload.duplicate',
  tooMany: 'upload.tooMany',
};

/** Enough of a file for its header's size: a JPEG's frame header comes after EXIF, thumbnail and ICC segments. */
const HEADER_BYTES = 256 * 1024;

/** Width × height as the header says (the time estimate scales with it), or undefined. */
async function pixelsOf(blob: Blob): Promise<number | undefined> {
  const header = readImageSize(new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer()));
  return header ? header.width * header.height : undefined;
}

export interface NamedBlob {
  name: string;
  blob: Blob;
  /** Where an imported photo came from. */
  originalUrl?: string;
}

export async function addFiles(
  files: readonly NamedBlob[],
  { db, store, makePreview }: Pick<ActionDeps, 'db' | 'store' | 'makePreview'>,
  source: 'upload' | 'import' = 'upload',
): Promise<void> {
  if (files.length === 0) return;
  const heads = await Promise.all(files.map((f) => f.blob.slice(0, SNIFF_BYTES).arrayBuffer()));
  const decision = validateUploads(
    files.map((f, i) => ({ name: f.name, size: f.blob.size, head: new Uint8Array(heads[i]!) })),
    store.getState().images,
    { maxFileBytes: MAX_FILE_BYTES, maxFiles: MAX_UPLOAD_FILES },
  );
  const rejected: NoticeDetail[] = decision.rejected.map(({ name, reason }) => ({
    name,
    key: REASON_KEYS[reason],
    ...(reason === 'tooMany' ? { values: { n: MAX_UPLOAD_FILES } } : {}),
  }));

  const rows: StoredImage[] = [];
  const pixels = new Map<string, number>();
  const now = Date.now();
  for (const { index, type } of decision.accepted) {
    const file = files[index]!;
    const blob = file.blob.type === type ? file.blob : new Blob([file.blob], { type });
    try {
      const [id, preview, count] = await Promise.all([
        sha256Hex(blob),
        makePreview(blob, PREVIEW_WIDTH),
        pixelsOf(blob),
      ]);
      if (count !== undefined) pixels.set(id, count);
      rows.push({
        id,
        name: file.name,
        size: blob.size,
        type,
        original: blob,
        preview,
        addedAt: now + rows.length,
      });
    } catch {
      rejected.push({ name: file.name, key: 'upload.unsupportedFormat' });
    }
  }

  try {
    await addImages(db, rows);
  } catch (error) {
    store.dispatch({ type: 'noticeShown', notice: storageFailureNotice(error) });
    return;
  }
  const originals = new Map(
    decision.accepted.map(({ index }) => [files[index]!.name, files[index]!.originalUrl]),
  );
  store.dispatch({
    type: 'imagesAdded',
    source,
    rejected,
    images: rows.map(({ id, name, size, type }) => {
      const originalUrl = originals.get(name);
      const count = pixels.get(id);
      return {
        id,
        name,
        size,
        type,
        ...(count !== undefined ? { pixels: count } : {}),
        ...(originalUrl ? { originalUrl } : {}),
      };
    }),
  });
}

/** Removes one photo from the workflow and, if the workflow allowed it, from the device. */
export async function removeFile(
  imageId: string,
  { db, store }: Pick<ActionDeps, 'db' | 'store'>,
): Promise<void> {
  const before = store.getState();
  store.dispatch({ type: 'imageRemoved', imageId });
  if (store.getState() !== before) await removeImage(db, imageId);
}

export async function removeAllFiles({ db, store }: Pick<ActionDeps, 'db' | 'store'>): Promise<void> {
  const before = store.getState();
  store.dispatch({ type: 'allImagesCleared' });
  if (store.getState() !== before) await clearImages(db);
}
