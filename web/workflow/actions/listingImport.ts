// The listing import effect: asks the server for the listing's photos, turns each data URL into a JPEG file
// named with the platform prefix ('airbnb-1.jpg'), and adds them like uploads. Returns the German error, if any;
// its toast also names the way out (uploading the photos directly works whatever the listing page does).

import { importedFileName } from '../../../core/text/fileNames';
import { dataUrlToBlob } from '../../api/imageData';
import { t } from '../../i18n/de';
import type { ActionDeps } from './deps';
import { addFiles, type NamedBlob } from './files';

export async function importListing(
  url: string,
  deps: Pick<ActionDeps, 'db' | 'store' | 'makePreview' | 'scrapeListing' | 'toJpeg'>,
): Promise<string | null> {
  const { store } = deps;
  const outcome = await deps.scrapeListing(url);
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
        blob: await deps.toJpeg(await dataUrlToBlob(dataUrl)),
      })),
    );
  } catch {
    return fail(t('importForm.convertFailed'));
  }
  await addFiles(files, deps, 'import');
  return null;
}
