// Downloads from the results and the final view: one photo or all as one ZIP, read from the device's store and
// named by their number and the photo's own name. Success and failure are both told by a toast, and so is a
// photo a portal preset kept below the portal's minimum; the file writing itself is the injected `files` port.

import { getResult } from '../../data/db';
import { t } from '../../i18n/de';
import type { NoticeContent } from '../state';
import type { ActionDeps, ResultEntry, SaveReport } from './deps';

/** The toast after a download: what the user must know first (a photo kept small, the label left off). */
function savedNotice({ belowMinimum }: SaveReport, discloseInText: boolean): NoticeContent {
  if (belowMinimum) {
    return {
      key: discloseInText ? 'export.keptSizeDisclose' : 'export.keptSize',
      values: {
        portal: belowMinimum.portal,
        width: belowMinimum.minWidth,
        height: belowMinimum.minHeight,
      },
      tone: 'info',
      details: belowMinimum.files.map((file) => ({
        name: file.name,
        key: 'export.ownSize',
        values: { width: file.width, height: file.height },
      })),
    };
  }
  return discloseInText
    ? { key: 'export.discloseInText', tone: 'info' }
    : { key: 'download.started', tone: 'success' };
}

export function downloadActions(deps: ActionDeps) {
  const { db, store } = deps;

  async function download(
    entries: () => Promise<ResultEntry[]>,
    save: (entries: ResultEntry[]) => Promise<SaveReport>,
    /** A furnished photo whose label the portal forbids: the toast says the listing text must disclose it. */
    discloseInText = false,
  ) {
    try {
      const report = await save(await entries());
      store.dispatch({ type: 'noticeShown', notice: savedNotice(report, discloseInText) });
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
  /** The photo's own name, for the file's name (gone when the photo was removed meanwhile). */
  const originalName = (imageId: string | undefined) =>
    store.getState().images.find((image) => image.id === imageId)?.name;
  const staged = () => store.getState().finalResult?.shoppingList !== undefined;
  /**
   * A staged result gets its label by default, unless the chosen portal forbids text on photos; other
   * results are never labelled.
   */
  const disclosed = (blob: Blob, label = true) =>
    label && staged() && deps.files.allowsLabel() ? deps.labelVirtual(blob) : Promise.resolve(blob);
  /** The label was wanted but the portal forbids it: the listing text must say so instead. */
  const mustDiscloseInText = (label = true) => label && staged() && !deps.files.allowsLabel();
  // Numbered among the enhanced photos, as the results view lists them.
  const enhanced = () => store.getState().images.filter((i) => i.status === 'enhanced');
  const entry = (blob: Blob, n: number, imageId: string | undefined): ResultEntry => {
    const name = originalName(imageId);
    return name === undefined ? { blob, n } : { blob, n, originalName: name };
  };
  const one = ([first]: ResultEntry[]) => deps.files.saveOne(first!);
  const zip = (entries: ResultEntry[]) => deps.files.saveZip(entries, t('download.zipName'));

  return {
    /** The enhanced result of one photo, numbered (1-based) among the enhanced ones. */
    downloadEnhanced(imageId: string): Promise<void> {
      const images = enhanced();
      const n = images.findIndex((i) => i.id === imageId) + 1;
      return download(async () => [entry(await resultBlob(images[n - 1]?.enhancedKey), n, imageId)], one);
    },
    downloadAllEnhanced(): Promise<void> {
      const images = enhanced();
      return download(
        () => Promise.all(images.map(async (i, k) => entry(await resultBlob(i.enhancedKey), k + 1, i.id))),
        zip,
      );
    },
    /**
     * One final photo. A virtually furnished one carries the 'Virtuell eingerichtet' label unless the user
     * switched it off for this download (`label: false`).
     */
    downloadFinal(index: number, options: { label?: boolean } = {}): Promise<void> {
      const final = store.getState().finalResult?.images[index];
      return download(
        async () => [
          entry(
            await disclosed(await resultBlob(final?.resultKey), options.label),
            index + 1,
            final?.imageId,
          ),
        ],
        one,
        mustDiscloseInText(options.label),
      );
    },
    downloadAllFinal(options: { label?: boolean } = {}): Promise<void> {
      const final = store.getState().finalResult?.images ?? [];
      return download(
        () =>
          Promise.all(
            final.map(async (f, k) =>
              entry(await disclosed(await resultBlob(f.resultKey), options.label), k + 1, f.imageId),
            ),
          ),
        zip,
        mustDiscloseInText(options.label),
      );
    },
  };
}
