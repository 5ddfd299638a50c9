import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import {
  AppDb,
  DB_NAME,
  StorageFullError,
  addImages,
  clearImages,
  getResult,
  listImages,
  listOutbox,
  putOutbox,
  loadWorkflow,
  removeImage,
  restoreImage,
  saveResult,
  saveWorkflow,
  type StoredImage,
} from '../../../web/data/db';

let db: AppDb;
let n = 0;
beforeEach(async () => {
  db = new AppDb(`raumglanz-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const jpeg = (text: string) => new Blob([new Uint8Array([0xff, 0xd8, 0xff]), text], { type: 'image/jpeg' });
const image = (id: string, addedAt: number): StoredImage => ({
  id,
  name: `${id}.jpg`,
  size: 10,
  type: 'image/jpeg',
  original: jpeg(id),
  preview: null,
  addedAt,
});

describe('#images', () => {
  it('stores photos and lists them in the order they were added, blobs intact', async () => {
    await addImages(db, [image('b', 2), image('a', 1)]);
    const listed = await listImages(db);
    expect(listed.map((i) => i.id)).toEqual(['a', 'b']);
    expect(new Uint8Array(await listed[0]!.original.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
  });

  it('stores the same id once', async () => {
    await addImages(db, [image('a', 1)]);
    await addImages(db, [image('a', 5)]);
    expect(await db.images.count()).toBe(1);
  });

  it('removes one photo with its results, or all of them', async () => {
    await addImages(db, [image('a', 1), image('b', 2)]);
    await saveResult(db, 'a', 'enhanced', jpeg('result'));
    await removeImage(db, 'a');
    expect((await listImages(db)).map((i) => i.id)).toEqual(['b']);
    expect(await db.results.count()).toBe(0);
    await clearImages(db);
    expect(await listImages(db)).toEqual([]);
  });

  it('drops rows that lost their photo when reading back, and deletes them', async () => {
    await db.images.put({ id: 'kaputt', name: 'x.jpg', addedAt: 0 } as unknown as StoredImage);
    await addImages(db, [image('gut', 1)]);
    expect((await listImages(db)).map((i) => i.id)).toEqual(['gut']);
    expect(await db.images.get('kaputt')).toBeUndefined();
  });

  it('turns a full disk into a StorageFullError instead of swallowing it', async () => {
    vi.spyOn(db.images, 'bulkPut').mockRejectedValueOnce(new DOMException('voll', 'QuotaExceededError'));
    await expect(addImages(db, [image('a', 1)])).rejects.toBeInstanceOf(StorageFullError);
  });

  it('passes other storage errors through unchanged', async () => {
    const other = new Error('something else');
    vi.spyOn(db.images, 'bulkPut').mockRejectedValueOnce(other);
    await expect(addImages(db, [image('a', 1)])).rejects.toBe(other);
  });
});

describe('#restoreImage', () => {
  const blob = jpeg('x');
  it.each([
    ['null', null, null],
    ['a string', 'image', null],
    ['no id', { name: 'a.jpg', original: blob }, null],
    ['no blob', { id: 'a', name: 'a.jpg', original: 'data:...' }, null],
  ])('rejects %s', (_name, row, expected) => {
    expect(restoreImage(row)).toBe(expected);
  });

  it('fills size, type, preview and addedAt from what is there', () => {
    expect(restoreImage({ id: 'a', name: 'a.jpg', original: blob })).toEqual({
      id: 'a',
      name: 'a.jpg',
      size: blob.size,
      type: 'image/jpeg',
      original: blob,
      preview: null,
      addedAt: 0,
    });
  });
});

describe('#results and #workflow', () => {
  it('keeps a result blob per image and kind', async () => {
    const id = await saveResult(db, 'a', 'enhanced', jpeg('r'));
    expect(id).toBe('a:enhanced');
    expect((await getResult(db, id))?.size).toBe(jpeg('r').size);
    expect(await getResult(db, 'missing')).toBeNull();
  });

  it('saves and loads the workflow snapshot; nothing saved reads as null', async () => {
    expect(await loadWorkflow(db)).toBeNull();
    await saveWorkflow(db, { version: 1, images: [{ id: 'a' }] });
    expect(await loadWorkflow(db)).toEqual({ version: 1, images: [{ id: 'a' }] });
  });

  it('the app opens one database by the name every release keeps', async () => {
    const app = new AppDb();
    await app.open();
    await addImages(app, [image('kept', 1)]);
    app.close();
    const reloaded = new AppDb(DB_NAME);
    expect((await listImages(reloaded)).map((i) => i.id)).toEqual(['kept']);
    reloaded.close();
    await reloaded.delete();
  });

  it('survives closing and reopening the database (a reload)', async () => {
    await addImages(db, [image('a', 1)]);
    await saveWorkflow(db, { version: 1 });
    db.close();
    const again = new AppDb(db.name);
    await again.open();
    expect((await listImages(again)).map((i) => i.id)).toEqual(['a']);
    expect(await loadWorkflow(again)).toEqual({ version: 1 });
    again.close();
  });
});

describe('#outbox (schema version 2)', () => {
  it('opens a database written by version 1 with its photos intact and an empty outbox', async () => {
    const name = `raumglanz-test-v1-${++n}`;
    const old = new Dexie(name);
    old.version(1).stores({ images: 'id, addedAt', results: 'id, imageId', workflow: 'key' });
    await old.open();
    await old.table('images').put(image('a', 1));
    old.close();

    const upgraded = new AppDb(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(2);
    expect((await listImages(upgraded)).map((i) => i.id)).toEqual(['a']);
    expect(await listOutbox(upgraded)).toEqual([]);
    upgraded.close();
    await upgraded.delete();
  });

  it('keeps queued jobs with their blobs across a reopen, oldest first', async () => {
    await putOutbox(db, {
      id: 'key-2',
      createdAt: 20,
      attempts: 0,
      notBefore: 0,
      payload: { kind: 'suggestions', imageIds: ['a'], images: [jpeg('s')], roomTypes: ['kitchen'] },
    });
    await putOutbox(db, {
      id: 'key-1',
      createdAt: 10,
      attempts: 1,
      notBefore: 5,
      payload: { kind: 'enhance', imageId: 'a', image: jpeg('e'), modeIds: ['m'], roomType: null, notes: [] },
    });
    db.close();
    await db.open();
    const rows = await listOutbox(db);
    expect(rows.map((r) => r.id)).toEqual(['key-1', 'key-2']);
    const first = rows[0]!.payload;
    expect(first.kind === 'enhance' && (await first.image.text()).endsWith('e')).toBe(true);
  });
});
