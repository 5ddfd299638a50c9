// The learned retouch inside an image worker: the model's two weight files (models/image-adaptive-3dlut/) are
// fetched on the first job that needs them and parsed into one Retoucher per worker. Vite emits them as hashed
// build assets, so their URLs change with their content (no stale weights after an update) and the service
// worker precaches them with the app shell for offline use.
import classifierUrl from '../../models/image-adaptive-3dlut/classifier.bin?url';
import lutsUrl from '../../models/image-adaptive-3dlut/luts.bin?url';
import { runDeviceMode } from '../../core/imaging/pipeline';
import { retoucherFromFiles, type Retoucher } from '../../core/retouch/retoucher';
import type { ModeRunner } from './photoJob';

/**
 * The weight files' URLs in the build (content-hashed names below /assets/).
 * @internal Exported for the test that checks which files a worker fetches.
 */
export const RETOUCH_WEIGHT_URLS = { classifier: classifierUrl, luts: lutsUrl } as const;

/** The modes that need the learned retouch; no other job waits for the weights. */
const NEEDS_RETOUCHER: ReadonlySet<string> = new Set(['autoOptimize']);

type FetchBytes = (url: string) => Promise<ArrayBuffer>;

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

let loading: Promise<Retoucher> | null = null;

/**
 * The worker's one retoucher, loaded on first use. A failed load is forgotten, so the next job tries again
 * (e.g. when the network is back) instead of failing for the worker's whole life.
 */
export function loadRetoucher(fetch: FetchBytes = fetchBytes): Promise<Retoucher> {
  loading ??= Promise.all([fetch(classifierUrl), fetch(lutsUrl)]).then(
    ([classifier, luts]) => retoucherFromFiles(classifier, luts),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The mode runner for one job: with the learned retouch and the user's strength when a mode needs them. When
 * the weights cannot be loaded this rejects (the photo fails with a clear error) rather than quietly running
 * the old rule-based pipeline under the same name.
 */
export async function modeRunnerFor(
  modeIds: readonly string[],
  strength: number | undefined,
  load: () => Promise<Retoucher> = loadRetoucher,
): Promise<ModeRunner> {
  if (!modeIds.some((id) => NEEDS_RETOUCHER.has(id)))
    return (id, image, options) => runDeviceMode(id, image, { ...options });
  const retoucher = await load();
  return (id, image, options) => runDeviceMode(id, image, { ...options, retoucher, strength: strength ?? 1 });
}
