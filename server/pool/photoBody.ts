// The image routes' bodies read into fields and photo bytes: one adapter per route runs its contract (core/contract)
// and takes the data: URLs out. Pure and shared: a large JSON body is read here in an image pool worker (tasks.ts
// 'photoBody'; on the event loop, JSON.parse, the contract and the base64 decode of 24 MB held every request for
// 0.3-0.5 s), small bodies and multipart fields on the server's thread (middleware/photoBody.ts).
import { isAscii } from 'node:buffer';
import { AnalyzeRequest } from '../../core/contract/analyze';
import { EnhanceFields } from '../../core/contract/enhance';
import type { ApiErrorBody } from '../../core/contract/errors';
import { VirtualStagingRequest } from '../../core/contract/staging';
import { GenerateSuggestionsRequest, ImplementSuggestionsRequest } from '../../core/contract/suggestions';
import { ApiError, toErrorResponse } from '../errors';
import { isShallowObject } from '../middleware/jsonShape';
import { wholeBuffer } from './transfer';

/**
 * Per route: the parsed request without its data: URLs (`fields`), and those URLs in the order the route reads
 * them (`photos`). Each adapter throws the contract's ZodError for a body that does not fit.
 */
const PHOTO_BODIES = {
  analyze: (json: unknown) => {
    const { imageDataUrls } = AnalyzeRequest.parse(json);
    return { fields: {}, photos: imageDataUrls };
  },
  generateSuggestions: (json: unknown) => {
    const { imageDataUrls, ...fields } = GenerateSuggestionsRequest.parse(json);
    return { fields, photos: imageDataUrls };
  },
  implementSuggestions: (json: unknown) => {
    const { imageUrls, ...fields } = ImplementSuggestionsRequest.parse(json);
    return { fields, photos: imageUrls };
  },
  /** A JSON body, or a multipart form's text fields (its files are multer's, not read here). */
  enhance: (json: unknown) => {
    const { imageUrls, ...fields } = EnhanceFields.parse(json);
    return { fields, photos: imageUrls ?? [] };
  },
  /** photos[0] is the original, photos[1] the device's staging when 'apply' sends one. */
  staging: (json: unknown) => {
    const request = VirtualStagingRequest.parse(json);
    if (request.action === 'analyze') {
      const { imageBase64, ...fields } = request;
      return { fields, photos: [imageBase64] };
    }
    const { imageBase64, stagedImageBase64, ...fields } = request;
    return { fields, photos: stagedImageBase64 ? [imageBase64, stagedImageBase64] : [imageBase64] };
  },
} satisfies Record<string, (json: unknown) => { fields: object; photos: readonly string[] }>;

export type PhotoBodyKind = keyof typeof PHOTO_BODIES;
export type PhotoFields<K extends PhotoBodyKind> = ReturnType<(typeof PHOTO_BODIES)[K]>['fields'];

/** A body read: its fields and photo bytes, or the 4xx answer the client gets. */
export type PhotoBodyResult<K extends PhotoBodyKind> =
  | { ok: true; fields: PhotoFields<K>; photos: Uint8Array[] }
  | { ok: false; status: number; body: ApiErrorBody };

/** The JSON body's bytes as they arrived (chunks), or the text fields of a multipart form. */
export type PhotoBodySource = { chunks: readonly Uint8Array[] } | { fields: Record<string, unknown> };

const INVALID_JSON = 'The request body is not valid JSON';

/** A JSON body as a value: shape-checked before JSON.parse (jsonShape.ts); an empty body is {} as body-parser has it. */
function parseJson(view: Buffer): unknown {
  if (!isShallowObject(view)) {
    throw new ApiError(400, 'INVALID_JSON', 'The request body must be a JSON object of few levels');
  }
  // An ASCII body (photos' base64 and the fields: the usual case) becomes a string outside the thread's heap: Node
  // keeps a long latin1 string external, so its 25 MB are freed with it instead of growing the worker's heap.
  // Anything else is UTF-8 (TextDecoder drops a byte order mark, as body-parser does).
  const text = isAscii(view) ? view.toString('latin1') : new TextDecoder().decode(view);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'INVALID_JSON', INVALID_JSON);
  }
}

/**
 * The bytes of a base64 data: URL (the contract has checked its form), in memory of their own, so they move
 * between threads without a copy.
 */
function photoBytes(dataUrl: string): Uint8Array {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return wholeBuffer(bytes) ? bytes : new Uint8Array(bytes);
}

/**
 * Reads one route's body. The client's mistakes (not JSON, too deep, not the contract) are answered as data, so
 * they cross from a worker intact; anything else is a bug and throws.
 */
export function readPhotoBody<K extends PhotoBodyKind>(kind: K, source: PhotoBodySource): PhotoBodyResult<K> {
  try {
    const json = 'chunks' in source ? parseJson(Buffer.concat(source.chunks)) : source.fields;
    const { fields, photos } = PHOTO_BODIES[kind](json);
    return { ok: true, fields: fields as PhotoFields<K>, photos: photos.map(photoBytes) };
  } catch (error) {
    const answer = toErrorResponse(error);
    if (answer.status >= 500) throw error;
    return { ok: false, ...answer };
  }
}
