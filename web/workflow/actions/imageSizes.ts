// How large a photo is made for each call, decided here (policy) and carried out by the adapters: the server's
// modes get the photo as large as the server accepts, the calls that look at the photo as a whole get 1024 px,
// and the grids a small preview.

import { SERVER_IMAGE_MAX_SIDE } from '../../../core/catalog/limits';
import { serverImageBudget } from '../../../core/upload/jpegBudget';

/** A photo's long side at most `maxSide` px and, when given, its JPEG within `maxBytes`. */
export interface ImageFit {
  maxSide: number;
  maxBytes?: number;
}

/** Room analysis, suggestions and the staging's product analysis look at the photo as a whole: plenty. */
export const WHOLE_PHOTO: ImageFit = { maxSide: 1024 };

/**
 * A photo as the server accepts it for its modes: within its long side and, sharing one request with count-1
 * others, within its byte budget (core/catalog/limits), so a large photo is shrunk here instead of refused there.
 */
export const forServer = (count: number): ImageFit => ({
  maxSide: SERVER_IMAGE_MAX_SIDE,
  maxBytes: serverImageBudget(count),
});

/** Grid thumbnails: wide enough for the largest grid cell on a sharp screen. */
export const PREVIEW_WIDTH = 480;
