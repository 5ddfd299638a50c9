// Small pure helpers the step rules share: notices, image updates, and how any batch ends. They live here
// once so every step applies the same guard (e.g. `stopBatch`) the same way.

import type { ImageItem, ModeSelection, NoticeContent, WorkflowState } from '../state';

export function withNotice(state: WorkflowState, notice: NoticeContent): WorkflowState {
  const id = state.noticeSeq + 1;
  return { ...state, noticeSeq: id, notice: { ...notice, id } };
}

export function freshSelection(modes: string[]): ModeSelection {
  return { kind: 'uniform', uniform: modes, perImage: {} };
}

export function updateImage(
  state: WorkflowState,
  imageId: string,
  update: (image: ImageItem) => ImageItem,
): WorkflowState {
  return { ...state, images: state.images.map((image) => (image.id === imageId ? update(image) : image)) };
}

export function withoutResult(image: ImageItem): ImageItem {
  const { enhancedKey: _key, description: _description, error: _error, ...rest } = image;
  return rest;
}

export const hasImage = (state: WorkflowState, imageId: string) =>
  state.images.some((image) => image.id === imageId);
export const imageStatus = (state: WorkflowState, imageId: string) =>
  state.images.find((image) => image.id === imageId)?.status;
export const isRunningImage = (state: WorkflowState, imageId: string) => {
  const status = imageStatus(state, imageId);
  return status === 'pending' || status === 'enhancing';
};
export const nonNegative = (n: number) => (Number.isFinite(n) ? Math.max(0, n) : 0);

/** A batch counts as running while any photo still waits or runs, even after `batch` was cleared. */
export const isBatchActive = (state: WorkflowState): boolean =>
  state.batch !== null ||
  state.images.some((image) => image.status === 'pending' || image.status === 'enhancing');

/**
 * Ends a batch, however it ended: images that never got their turn go back to 'uploaded' so they can run
 * again, and the mode selection returns.
 */
export function stopBatch(state: WorkflowState): WorkflowState {
  if (!isBatchActive(state)) return state;
  return {
    ...state,
    batch: null,
    images: state.images.map((image) =>
      image.status === 'pending' || image.status === 'enhancing' ? { ...image, status: 'uploaded' } : image,
    ),
    showOptions: state.images.length > 0,
    resultsVisible: false,
  };
}

export function closeOverlay(state: WorkflowState): WorkflowState {
  if (!state.overlay) return state;
  // Closing the staging dialog returns to mode selection (SPEC section 4).
  const showOptions = state.overlay.kind === 'staging' ? state.images.length > 0 : state.showOptions;
  return { ...state, overlay: null, showOptions };
}
