// Step 1's effects with the real upload rules (core/upload), the real device database and real photos from
// the shared fixtures; only the browser's preview encoder and the server's listing scraper are fakes.

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_UPLOAD_FILES } from '../../../core/catalog/limits';
import { sha256Hex } from '../../../web/data/hash';
import { t, tNotice } from '../../../web/i18n/de';
import { createHarness, jpegBlob, type Harness } from './fakeDeps';

const FIXTURES = '/work/shared/fixtures/photos';
const photo = (name: string) => new File([readFileSync(`${FIXTURES}/${name}`)], name, { type: 'image/jpeg' });
const dataUrlOf = (file: string) =>
  `data:image/jpeg;base64,${readFileSync(`${FIXTURES}/${file}`).toString('base64')}`;

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('addFiles', () => {
  it('stores an accepted photo under its hash, with its preview, and adds it to the workflow with its pixels', async () => {
    const preview = jpegBlob('preview');
    h = await createHarness({ makePreview: async () => preview });
    const file = photo('canon-dslr.jpg');
    await h.actions.addFiles([file]);
    const id = await sha256Hex(file);
    // 5184 x 3456 as its header says (the time estimate scales with it).
    expect(h.state().images).toEqual([
      {
        id,
        name: 'canon-dslr.jpg',
        size: file.size,
        type: 'image/jpeg',
        pixels: 5184 * 3456,
        status: 'uploaded',
      },
    ]);
    const row = await h.db.images.get(id);
    expect(row?.original.size).toBe(file.size);
    expect(row?.preview).not.toBeNull();
    expect(h.state().notice).toMatchObject({ key: 'toast.imagesAdded', values: { n: 1 } });
  });

  it('refuses what is not an image, and a photo the preview cannot decode', async () => {
    h = await createHarness({
      makePreview: async (blob) => {
        if (blob.size < 100) throw new Error('broken');
        return null;
      },
    });
    const text = new File(['kein Bild'], 'notiz.jpg', { type: 'image/jpeg' });
    const broken = new File([jpegBlob('x')], 'kaputt.jpg', { type: 'image/jpeg' });
    await h.actions.addFiles([text, broken, photo('canon-dslr.jpg')]);
    expect(h.state().images.map((i) => i.name)).toEqual(['canon-dslr.jpg']);
    expect(h.state().notice).toMatchObject({
      key: 'toast.uploadRejected',
      values: { n: 1 },
      details: [
        { name: 'notiz.jpg', key: 'upload.unsupportedFormat' },
        { name: 'kaputt.jpg', key: 'upload.unsupportedFormat' },
      ],
    });
    expect(await h.db.images.count()).toBe(1);
  });

  it('takes at most MAX_UPLOAD_FILES photos and names the cap in the refusal', async () => {
    h = await createHarness();
    const files = Array.from(
      { length: MAX_UPLOAD_FILES + 1 },
      (_, i) => new File([jpegBlob(`photo-${i}`)], `bild-${i}.jpg`, { type: 'image/jpeg' }),
    );
    await h.actions.addFiles(files);
    expect(h.state().images).toHaveLength(MAX_UPLOAD_FILES);
    expect(h.state().notice?.details).toEqual([
      { name: `bild-${MAX_UPLOAD_FILES}.jpg`, key: 'upload.tooMany', values: { n: MAX_UPLOAD_FILES } },
    ]);
  });

  it('refuses a photo over MAX_FILE_BYTES', async () => {
    h = await createHarness();
    const big = new File([jpegBlob(''), new Uint8Array(MAX_FILE_BYTES)], 'gross.jpg', { type: 'image/jpeg' });
    await h.actions.addFiles([big]);
    expect(h.state().images).toEqual([]);
    expect(h.state().notice?.details).toEqual([{ name: 'gross.jpg', key: 'upload.tooLarge' }]);
  });

  it('removes one photo, then all, from the workflow and the device', async () => {
    h = await createHarness();
    await h.actions.addFiles([
      new File([jpegBlob('1')], 'a.jpg', { type: 'image/jpeg' }),
      new File([jpegBlob('2')], 'b.jpg', { type: 'image/jpeg' }),
      new File([jpegBlob('3')], 'c.jpg', { type: 'image/jpeg' }),
    ]);
    await h.actions.removeImage(h.state().images[0]!.id);
    expect(h.state().images.map((i) => i.name)).toEqual(['b.jpg', 'c.jpg']);
    expect(await h.db.images.count()).toBe(2);
    await h.actions.removeAllImages();
    expect(h.state().images).toEqual([]);
    expect(await h.db.images.count()).toBe(0);
  });

  it('keeps the photos on the device while the workflow does not allow removing them', async () => {
    h = await createHarness();
    await h.actions.addFiles([new File([jpegBlob('1')], 'a.jpg', { type: 'image/jpeg' })]);
    h.store.dispatch({ type: 'analysisStarted' });
    await h.actions.removeAllImages();
    expect(await h.db.images.count()).toBe(1);
  });
});

describe('importListing', () => {
  it("adds the listing's photos named after the platform, as an import", async () => {
    const converted: string[] = [];
    h = await createHarness({
      scrapeListing: async () => ({
        ok: true,
        value: {
          platform: 'airbnb',
          images: [dataUrlOf('canon-dslr.jpg'), dataUrlOf('IMG_20180725_163423.jpg')],
        },
      }),
      toJpeg: async (blob) => {
        converted.push(blob.type);
        return blob;
      },
    });
    expect(await h.actions.importListing('https://www.airbnb.de/rooms/12345678')).toBeNull();
    expect(converted).toEqual(['image/jpeg', 'image/jpeg']);
    expect(h.state().images.map((i) => i.name)).toEqual(['airbnb-1.jpg', 'airbnb-2.jpg']);
    expect(h.state().notice).toMatchObject({ key: 'toast.imagesImported', values: { n: 2 } });
  });

  it("returns and shows the server's reason when the import fails, and the way out", async () => {
    h = await createHarness({
      scrapeListing: async () => ({ ok: false, message: 'Inserat nicht gefunden' }),
    });
    expect(await h.actions.importListing('https://www.airbnb.de/rooms/1')).toBe('Inserat nicht gefunden');
    const notice = h.state().notice!;
    expect(notice).toMatchObject({
      key: 'importToast.failed',
      values: { message: 'Inserat nicht gefunden' },
    });
    expect(tNotice(notice.key, notice.values).description).toBe(
      'Inserat nicht gefunden Lade deine Fotos stattdessen direkt hoch.',
    );
    expect(h.state().images).toEqual([]);
  });

  it('says the photos could not be converted when one is unreadable', async () => {
    h = await createHarness({
      scrapeListing: async () => ({
        ok: true,
        value: { platform: 'booking', images: [dataUrlOf('canon-dslr.jpg')] },
      }),
      toJpeg: () => Promise.reject(new Error('decode')),
    });
    expect(await h.actions.importListing('https://www.booking.com/hotel/de/x.html')).toBe(
      t('importForm.convertFailed'),
    );
    expect(h.state().images).toEqual([]);
  });
});
