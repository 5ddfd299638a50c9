// The browser's own storage (IndexedDB through Dexie): the photos as blobs, their results, and the snapshot of
// the workflow, so nothing is lost on reload or a closed tab. Everything read back passes a restore step.
//
// Do not change DB_NAME or an existing version's stores without adding a new version() with an upgrade and a
// test that opens the old schema with the new code.

import Dexie, { type Table } from 'dexie';

export const DB_NAME = 'raumglanz';

export interface StoredImage {
  /** SHA-256 of the bytes, hex: the same photo is stored once. */
  id: string;
  name: string;
  size: number;
  /** The sniffed type, never the browser's claim. */
  type: string;
  original: Blob;
  /** A small JPEG for grids and thumbnails; null when the browser could not make one. */
  preview: Blob | null;
  addedAt: number;
}

export interface StoredResult {
  /** `${imageId}:${kind}`, e.g. 'abc…:enhanced'. */
  id: string;
  imageId: string;
  kind: string;
  blob: Blob;
  createdAt: number;
}

export interface WorkflowRow {
  key: 'current';
  snapshot: unknown;
  savedAt: number;
}

/**
 * A server job waiting for the connection (web/workflow/actions/outbox.ts): its inputs as blobs and the
 * Idempotency-Key it is sent with, so every retry, also after a reload, is the same request to the server.
 */
export type OutboxPayload =
  | { kind: 'enhance'; imageId: string; image: Blob; modeIds: string[]; roomType: string | null; notes: string[] }
  | { kind: 'suggestions'; imageIds: string[]; images: Blob[]; roomTypes: string[] };

export interface OutboxRow {
  /** The Idempotency-Key (paid jobs) or a fresh id (free requests). */
  id: string;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which the job is not sent again (backoff). */
  notBefore: number;
  payload: OutboxPayload;
}

export class AppDb extends Dexie {
  images!: Table<StoredImage, string>;
  results!: Table<StoredResult, string>;
  workflow!: Table<WorkflowRow, string>;
  outbox!: Table<OutboxRow, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      images: 'id, addedAt',
      results: 'id, imageId',
      workflow: 'key',
    });
    // Version 2 only adds the outbox; the existing tables are untouched, so no upgrade function is needed.
    this.version(2).stores({ outbox: 'id, createdAt' });
  }
}

/** The browser ran out of room for our data: shown to the user, never swallowed. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('QuotaExceededError', { cause });
    this.name = 'StorageFullError';
  }
}

function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause) {
    if ((e as { name?: string }).name === 'QuotaExceededError') return true;
    if (typeof e !== 'object') break;
  }
  return false;
}

async function guardQuota<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError(error) : error;
  }
}

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/** Accepts a row read back from IndexedDB only if it still has what the app needs; fills optional fields. */
export function restoreImage(row: unknown): StoredImage | null {
  if (typeof row !== 'object' || row === null) return null;
  const r = row as Partial<StoredImage>;
  if (typeof r.id !== 'string' || typeof r.name !== 'string' || !isBlob(r.original)) return null;
  return {
    id: r.id,
    name: r.name,
    size: typeof r.size === 'number' ? r.size : r.original.size,
    type: typeof r.type === 'string' && r.type ? r.type : r.original.type || 'image/jpeg',
    original: r.original,
    preview: isBlob(r.preview) ? r.preview : null,
    addedAt: typeof r.addedAt === 'number' ? r.addedAt : 0,
  };
}

export async function addImages(db: AppDb, images: StoredImage[]): Promise<void> {
  await guardQuota(() => db.images.bulkPut(images));
}

/** All stored photos in the order they were added; unreadable rows are removed. */
export async function listImages(db: AppDb): Promise<StoredImage[]> {
  const rows: unknown[] = await db.images.orderBy('addedAt').toArray();
  const restored: StoredImage[] = [];
  const broken: string[] = [];
  for (const row of rows) {
    const image = restoreImage(row);
    if (image) restored.push(image);
    else if (typeof (row as { id?: unknown })?.id === 'string') broken.push((row as { id: string }).id);
  }
  if (broken.length) await db.images.bulkDelete(broken);
  return restored;
}

export async function removeImage(db: AppDb, id: string): Promise<void> {
  await db.transaction('rw', db.images, db.results, async () => {
    await db.images.delete(id);
    await db.results.where('imageId').equals(id).delete();
  });
}

/** Start over: the photos, their results and the jobs queued for them (never sent, so never charged). */
export async function clearImages(db: AppDb): Promise<void> {
  await db.transaction('rw', db.images, db.results, db.outbox, async () => {
    await db.images.clear();
    await db.results.clear();
    await db.outbox.clear();
  });
}

export async function saveResult(db: AppDb, imageId: string, kind: string, blob: Blob): Promise<string> {
  const id = `${imageId}:${kind}`;
  await guardQuota(() => db.results.put({ id, imageId, kind, blob, createdAt: Date.now() }));
  return id;
}

export async function getResult(db: AppDb, id: string): Promise<Blob | null> {
  const row = await db.results.get(id);
  return row && isBlob(row.blob) ? row.blob : null;
}

export async function putOutbox(db: AppDb, row: OutboxRow): Promise<void> {
  await guardQuota(() => db.outbox.put(row));
}

/** The queued jobs, oldest first; rows that lost their inputs are dropped. */
export async function listOutbox(db: AppDb): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = await db.outbox.orderBy('createdAt').toArray();
  return rows.filter((row) => typeof row.id === 'string' && typeof row.payload === 'object' && row.payload !== null);
}

export async function saveWorkflow(db: AppDb, snapshot: unknown): Promise<void> {
  await guardQuota(() => db.workflow.put({ key: 'current', snapshot, savedAt: Date.now() }));
}

/** The raw snapshot; the workflow's own restore() decides what of it is still valid. */
export async function loadWorkflow(db: AppDb): Promise<unknown> {
  return (await db.workflow.get('current'))?.snapshot ?? null;
}
