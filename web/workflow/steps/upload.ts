// Step 1, the upload page: photos added (uploaded or imported), removed one by one, or all cleared. Only the
// idle upload page edits the photos; a repeat of a held file is refused with its own reason.

import type { StepRules } from '../events';
import type { ImageItem, NoticeDetail, WorkflowState } from '../state';
import { canEditImages } from '../selectors';
import { hasImage, withNotice } from './shared';

const sameFileKey = (file: { name: string; size: number }) => `${file.name}\u0000${file.size}`;

export const uploadRules: StepRules<'imagesAdded' | 'imageRemoved' | 'allImagesCleared'> = {
  imagesAdded(state, { images, rejected = [], source }) {
    if (!canEditImages(state)) return state;
    const held = new Set(state.images.map(sameFileKey));
    const ids = new Set(state.images.map((image) => image.id));
    const added: ImageItem[] = [];
    // core/upload checked these against the images it saw; a second add racing the first can still repeat one.
    const refused: NoticeDetail[] = [...rejected];
    for (const image of images) {
      if (ids.has(image.id)) continue;
      if (held.has(sameFileKey(image))) {
        refused.push({ name: image.name, key: 'upload.duplicate' }); // 'Bereits hochgeladen'
        continue;
      }
      held.add(sameFileKey(image));
      ids.add(image.id);
      added.push({
        id: image.id,
        name: image.name,
        size: image.size,
        type: image.type,
        ...(image.pixels !== undefined ? { pixels: image.pixels } : {}),
        status: 'uploaded',
        ...(image.originalUrl !== undefined ? { originalUrl: image.originalUrl } : {}),
      });
    }
    const next = added.length > 0 ? { ...state, images: [...state.images, ...added] } : state;
    if (refused.length > 0) {
      // 'Nicht alle Bilder wurden übernommen', then '<name>: <reason>' joined with commas.
      return withNotice(next, {
        key: 'toast.uploadRejected',
        values: { n: added.length },
        details: refused,
        tone: 'error',
      });
    }
    if (added.length === 0) return state;
    // 'Bilder hochgeladen' / '{n} Bild(er) erfolgreich hinzugefügt'; imports: 'Bilder erfolgreich importiert'
    const key = source === 'import' ? 'toast.imagesImported' : 'toast.imagesAdded';
    return withNotice(next, { key, values: { n: added.length }, tone: 'success' });
  },

  imageRemoved(state, { imageId }): WorkflowState {
    if (!canEditImages(state) || !hasImage(state, imageId)) return state;
    const perImage = { ...state.modeSelection.perImage };
    delete perImage[imageId];
    let analysis = state.analysis;
    if (analysis && imageId in analysis.perImage) {
      const rooms = { ...analysis.perImage };
      delete rooms[imageId];
      analysis = { ...analysis, perImage: rooms };
    }
    return {
      ...state,
      images: state.images.filter((image) => image.id !== imageId),
      analysis,
      analysedImageIds: state.analysedImageIds.filter((id) => id !== imageId),
      modeSelection: { ...state.modeSelection, perImage },
    };
  },

  allImagesCleared(state) {
    if (!canEditImages(state) || state.images.length === 0) return state;
    return {
      ...state,
      images: [],
      analysis: null,
      analysisStatus: 'idle',
      analysedImageIds: [],
      modeSelection: { ...state.modeSelection, perImage: {} },
    };
  },
};
