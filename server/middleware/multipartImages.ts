// Multipart photo uploads read into memory within the product's upload limits (core/catalog), with multer's and
// busboy's errors turned into the API's error codes. JSON bodies pass untouched.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { MAX_FILE_BYTES, MAX_UPLOAD_FILES } from '../../core/catalog';
import { MAX_IMAGE_DATA_URL_CHARS } from '../../core/contract/enhance';
import { ApiError } from '../errors';

const MULTER_ERRORS: Partial<Record<multer.ErrorCode, { status: number; code: ApiError['code'] }>> = {
  LIMIT_FILE_SIZE: { status: 413, code: 'FILE_TOO_LARGE' },
  LIMIT_FILE_COUNT: { status: 413, code: 'TOO_MANY_FILES' },
  LIMIT_FIELD_VALUE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  LIMIT_PART_COUNT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  LIMIT_FIELD_COUNT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
};

/**
 * Reads a multipart body with the upload limits (files of at most MAX_FILE_BYTES, at most MAX_UPLOAD_FILES of
 * them, text fields big enough for one data: URL each).
 */
export function multipartImages(fields: multer.Field[]): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_UPLOAD_FILES,
      fieldSize: MAX_IMAGE_DATA_URL_CHARS,
      fields: MAX_UPLOAD_FILES + 10,
      parts: 2 * MAX_UPLOAD_FILES + 10,
    },
  }).fields(fields);
  return (req: Request, res: Response, next: NextFunction) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        const known = MULTER_ERRORS[error.code];
        const field = error.field ? { field: error.field } : undefined;
        if (known) return next(new ApiError(known.status, known.code, error.message, field));
        return next(new ApiError(400, 'INVALID_REQUEST', error.message, field));
      }
      // busboy's own errors: a malformed or truncated form.
      next(new ApiError(400, 'INVALID_REQUEST', 'The multipart body could not be read'));
    });
  };
}

/** Uploaded files by field name (multer's `fields()` shape). */
export function filesOf(req: Request, field: string): Express.Multer.File[] {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  return files?.[field] ?? [];
}
