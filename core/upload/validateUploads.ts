// The upload rules of SPEC section 5 as one pure function: size, duplicates (same name and size), real image
// type, and how many photos one batch may hold. It answers reason codes; the web app turns them into German.

import { sniffImageType, type AcceptedImageType } from './sniffImageType';

export interface UploadCandidate {
  name: string;
  size: number;
  /** The file's first bytes (at least SNIFF_BYTES), read by the caller. */
  head: Uint8Array;
}

export interface KnownImage {
  name: string;
  size: number;
}

export type RejectionReason = 'unsupportedFormat' | 'tooLarge' | 'duplicate' | 'tooMany';

export interface UploadDecision {
  accepted: { index: number; type: AcceptedImageType }[];
  rejected: { index: number; name: string; reason: RejectionReason }[];
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
}

const key = (f: KnownImage) => `${f.name}\u0000${f.size}`;

/**
 * Checks candidates in order against the images already held and against each other. Size is checked before the
 * bytes, so an oversized file is reported as too large even when it is not an image.
 */
export function validateUploads(
  candidates: readonly UploadCandidate[],
  existing: readonly KnownImage[],
  limits: UploadLimits,
): UploadDecision {
  const seen = new Set(existing.map(key));
  const decision: UploadDecision = { accepted: [], rejected: [] };
  let held = existing.length;

  candidates.forEach((file, index) => {
    const reject = (reason: RejectionReason) => decision.rejected.push({ index, name: file.name, reason });
    if (file.size > limits.maxFileBytes) return reject('tooLarge');
    if (seen.has(key(file))) return reject('duplicate');
    const type = file.size === 0 ? null : sniffImageType(file.head);
    if (!type) return reject('unsupportedFormat');
    if (held >= limits.maxFiles) return reject('tooMany');
    seen.add(key(file));
    held += 1;
    decision.accepted.push({ index, type });
  });
  return decision;
}
