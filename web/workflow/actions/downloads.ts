// Downloads from the results and the final view: one photo or all as one ZIP, read from the device's store.
// Success and failure are both told by a toast; the file writing itself is the injected `files` port.

import { getResult } from '../../data/db';
import { t } from '../../i18n/de';
import type { ActionDeps } from './deps';

export function downloadActions(deps: ActionDeps) {
  const { db, store } = deps;

  async function download(
    blobs: () => Promise<Blob[]>,
    save: (blobs: Blob[]) => Promise<void>,
    /** A furnished photo whose label the portal forbids: the toast says the listing text must disclose it. */
    discloseInText = false,
  ) {
    try {
      await save(await blobs());
      store.dispatch({
        type: 'noticeShown',
        notice: discloseInText
          ? { key: 'export.discloseInText', tone: 'info' }
          : { key: 'download.started', tone: 'success' },
      });
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
  const zip = (blobs: Blob[]) => deps.files.saveZip(blobs, t('download.zipName'));

  return {
    /** The enhanced result of one photo; n (1-based) names the file. */
    downloadEnhanced(imageId: string): Promise<void> {
      const images = enhanced();
      const n = images.findIndex((i) => i.id === imageId) + 1;
      return download(
        async () => [await resultBlob(images[n - 1]?.enhancedUrl)],
        ([blob]) => deps.files.saveOne(blob!, n),
      );
    },
    downloadAllEnhanced(): Promise<void> {
      const images = enhanced();
      return download(() => Promise.all(images.map((i) => resultBlob(i.enhancedUrl))), zip);
    },
    /**
     * One final photo. A virtually furnished one carries the 'Virtuell eingerichtet' label unless the user
     * switched it off for this download (`label: false`).
     */
    downloadFinal(index: number, options: { label?: boolean } = {}): Promise<void> {
      const final = store.getState().finalResult;
      return download(
        async () => [await disclosed(await resultBlob(final?.images[index]?.url), options.label)],
        ([blob]) => deps.files.saveOne(blob!, index + 1),
        mustDiscloseInText(options.label),
      );
    },
    downloadAllFinal(options: { label?: boolean } = {}): Promise<void> {
      const final = store.getState().finalResult?.images ?? [];
      return download(
        () => Promise.all(final.map(async (f) => disclosed(await resultBlob(f.url), options.label))),
        zip,
        mustDiscloseInText(options.label),
      );
    },
  };
}
