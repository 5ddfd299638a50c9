// POST /api/virtual-staging from the web app: 'analyze' answers the recommended products for the photo, 'apply'
// charges for the staging the device rendered (stagedImageBase64, a JPEG data: URL) and answers it with the
// shopping list. Only ids and counts of the placed products go back to the server, which prices them itself.
// Failures throw ApiFailure like every call (http.ts).
import { IDEMPOTENCY_KEY_HEADER } from '../../core/contract/enhance';
import {
  AnalyzeStagingResponse,
  ApplyStagingResponse,
  type StagingOptions,
} from '../../core/contract/staging';
import { apiRequest } from './http';

export function analyzeStaging(
  signal: AbortSignal,
  input: { imageBase64: string; options: StagingOptions },
): Promise<AnalyzeStagingResponse> {
  return apiRequest('/api/virtual-staging', {
    body: { action: 'analyze', ...input },
    schema: AnalyzeStagingResponse,
    signal,
  });
}

export function applyStaging(
  signal: AbortSignal,
  input: {
    imageBase64: string;
    /** The device's rendering; the builtin server refuses 'apply' without it (STAGING_RENDERS_ON_DEVICE). */
    stagedImageBase64?: string;
    selectedProducts: { id: string; quantity: number }[];
    options: StagingOptions;
    idempotencyKey: string;
  },
): Promise<ApplyStagingResponse> {
  const { idempotencyKey, ...body } = input;
  return apiRequest('/api/virtual-staging', {
    body: { action: 'apply', ...body },
    schema: ApplyStagingResponse,
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
