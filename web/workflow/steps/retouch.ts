// The retouch brush on the results view: a retouched photo keeps its place and status, its result becomes the
// retouched one, and its description says what was filled. A photo that is no longer an enhanced result (removed,
// reset, enhanced again meanwhile) ignores a late retouch.

import type { StepRules } from '../events';
import { updateImage, withNotice } from './shared';

export const retouchRules: StepRules<'imageRetouched'> = {
  imageRetouched(state, { imageId, enhancedKey, description }) {
    const image = state.images.find((i) => i.id === imageId);
    if (!image || image.status !== 'enhanced' || state.batch) return state;
    const next = updateImage(state, imageId, (i) => ({
      ...i,
      enhancedKey,
      description: i.description ? `${i.description} · ${description}` : description,
    }));
    return withNotice(next, { key: 'retouch.done', tone: 'success' });
  },
};
