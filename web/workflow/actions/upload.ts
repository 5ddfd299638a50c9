// Step 1's effects: files dropped or chosen, one photo or all removed, and a listing imported. The file rules
// themselves are in files.ts and listingImport.ts; these bind them to the injected deps.

import type { ActionDeps } from './deps';
import { addFiles, removeAllFiles, removeFile } from './files';
import { importListing } from './listingImport';
export function uploadActions(deps: ActionDeps) {
  return {
    addFiles: (files: readonly File[]) =>
      addFiles(
        files.map((file) => ({ name: file.name, blob: file })),
        deps,
      ),
    removeImage: (imageId: string) => removeFile(imageId, deps),
    removeAllImages: () => removeAllFiles(deps),
    /** Resolves to the German error message, or null when the photos were added. */
    importListing: (url: string) => importListing(url, deps),
  };
}
