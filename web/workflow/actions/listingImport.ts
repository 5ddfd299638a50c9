// The listing import effect: asks the server for the listing's photos, turns each data URL into a JPEG file
// named with the platform prefix ('airbnb-1.jpg'), and adds them like uploads. Returns the German error, if any.

import { importedFileName } from '../../core/text/fileNames';
import type { AppDb } from '../data/db';
import { convertBlob, JPEG_QUALITY } from '../engine/canvasCodec';
import { scrapeProperty } from '../api/listing';
import { t } from '../i18n/de';
import { addFiles, type NamedBlob } from './uploads';
import type { WorkflowStore } from './store';

async function asJpeg(dataUrl: string): Promise<Blob> {
  return convertBlob(await (await fetch(dataUrl)).blob(), 'image/jpeg', JPEG_QUALITY.keep);
}

export async function importListing(
  url: string,
  { db, store }: { db: AppDb; store: WorkflowStore },
): Promise<string | null> {
  const outcome = await scrapeProperty(url);
  const fail = (message: string) => {
    store.dispatch({
      type: 'noticeShown',
      notice: { key: 'importToast.failed', values: { message }, tone: 'error' },
    });
    return message;
  };
  if (!outcome.ok) return fail(outcome.message);
  const { images, platform } = outcome.value;
  let files: NamedBlob[];
  try {
    files = await Promise.all(
      images.map(async (dataUrl, i) => ({
        name: importedFileName(platform, i + 1),
        blob: await asJpeg(dataUrl),
      })),
    );
  } catch {
    return fail(t('importForm.convertFailed'));
  }
  await addFiles(files, { db, store, source: 'import' });
  return null;
}
