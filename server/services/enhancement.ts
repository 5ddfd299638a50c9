// Enhancing photos with server modes, and how any paid AI batch is charged (implementing suggestions reuses it).
// Order of a request: price the modes with core/catalog, refuse what cannot be done (no server mode, a mode the
// provider lacks, a bad image) BEFORE charging, charge once per Idempotency-Key, run the images, refund the share
// of every image that failed, and keep the answer for a while so a retry with the same key gets it again.
import { createHash } from 'node:crypto';
import { MODES, priceUniform, STAGING_MODE_ID, type Mode, type RoomType } from '../../core/catalog';
import type {
  AiProviderName,
  EnhanceBatchResponse,
  EnhanceFields,
  EnhanceSingleResponse,
  ImageFailure,
} from '../../core/contract/enhance';
import { AiError, toImageFailure } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import { ApiError } from '../errors';
import type { Logger } from '../logger';
import { insufficientCreditsError, type CreditsService } from './credits';
import { checkImage, encodeResult, jpegDataUrl, type CheckedImage } from './images';

/** The part of the credit ledger a paid batch uses. */
export type CreditsPort = Pick<CreditsService, 'charge' | 'refund'>;

/** An answer ready to send: status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

// ---------------------------------------------------------------------------------------------------------------
// Replays of the same Idempotency-Key

type ReplayEntry =
  | { state: 'running'; fingerprint: string; attempt: number }
  | { state: 'done'; fingerprint: string; answer: Answer; size: number; expiresAt: number }
  /** Everything was refunded (all images failed, or the client left): the key may run again, as a new attempt. */
  | { state: 'retryable'; fingerprint: string; attempt: number; expiresAt: number };

export type ReplayStart =
  | { kind: 'new'; attempt: number }
  | { kind: 'running' }
  | { kind: 'done'; answer: Answer }
  | { kind: 'mismatch' };

export interface ReplayCacheOptions {
  /** Answers (base64 images) are large; beyond this many characters in total the oldest are forgotten. */
  maxChars?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * Remembers, per user and key, whether a paid request runs, finished (with its answer) or may run again. Kept in
 * memory: answers are big and short-lived. After a restart (or eviction) a replayed key finds no answer here; the
 * ledger then reports the charge as replayed and the request answers 409 ALREADY_PROCESSED, charging nothing.
 */
export class ReplayCache {
  private readonly entries = new Map<string, ReplayEntry>();
  private chars = 0;
  private readonly maxChars: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: ReplayCacheOptions = {}) {
    this.maxChars = options.maxChars ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 15 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  begin(key: string, fingerprint: string): ReplayStart {
    const entry = this.live(key);
    if (entry && entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (entry?.state === 'running') return { kind: 'running' };
    if (entry?.state === 'done') return { kind: 'done', answer: entry.answer };
    const attempt = entry?.state === 'retryable' ? entry.attempt + 1 : 0;
    this.entries.set(key, { state: 'running', fingerprint, attempt });
    return { kind: 'new', attempt };
  }

  /** Nothing was charged (e.g. too few credits): forget the key as if it never came. */
  abandon(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.state !== 'running') return;
    if (entry.attempt === 0) this.entries.delete(key);
    else
      this.entries.set(key, {
        ...entry,
        state: 'retryable',
        attempt: entry.attempt - 1,
        expiresAt: this.expiry(),
      });
  }

  /** The ledger knows this key from before (a restart lost the answer): no new attempt may ever charge it. */
  forget(key: string): void {
    if (this.entries.get(key)?.state === 'running') this.entries.delete(key);
  }

  /** Everything was refunded: the next request with this key runs again under a new ledger key. */
  retryable(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.state !== 'running') return;
    this.entries.set(key, { ...entry, state: 'retryable', expiresAt: this.expiry() });
  }

  finish(key: string, answer: Answer): void {
    const entry = this.entries.get(key);
    if (entry?.state !== 'running') return;
    const size = JSON.stringify(answer.body).length;
    if (size > this.maxChars) {
      // Too big to keep: a replay will get 409 ALREADY_PROCESSED, which is honest and charges nothing.
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, {
      state: 'done',
      fingerprint: entry.fingerprint,
      answer,
      size,
      expiresAt: this.expiry(),
    });
    this.chars += size;
    this.evict();
  }

  private expiry(): number {
    return this.now() + this.ttlMs;
  }

  private live(key: string): ReplayEntry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.state !== 'running' && entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry;
  }

  private remove(key: string, entry: ReplayEntry): void {
    this.entries.delete(key);
    if (entry.state === 'done') this.chars -= entry.size;
  }

  /** Drops expired answers, then the oldest answers until the total fits (a Map iterates oldest first). */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (entry.state !== 'running' && entry.expiresAt <= this.now()) this.remove(key, entry);
    }
    for (const [key, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      if (entry.state === 'done') this.remove(key, entry);
    }
  }
}

/** A stable digest of what a request asks for, so one key cannot be reused for a different request. */
export function fingerprint(parts: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(String(part.length));
    hash.update(':');
    hash.update(part);
  }
  return hash.digest('hex');
}

// ---------------------------------------------------------------------------------------------------------------
// A paid batch: one charge, per-image work, per-image refunds

export interface PaidBatchInput<T> {
  /** The signed-in user; may be null only when every image is free. */
  userId: string | null;
  /** Required when anything is charged. */
  idempotencyKey: string | undefined;
  /** 'enhance' or 'implement': keys of different calls never collide. */
  scope: string;
  fingerprint: string;
  /** Credits of each image; a failed image gives back its share. */
  perImageCredits: readonly number[];
  /** Ledger reason, e.g. 'enhance: declutter, cleanup'. */
  reason: string;
  concurrency: number;
  signal: AbortSignal;
  work(index: number, signal: AbortSignal): Promise<T>;
  /** Turns the results into the answer (status 200); called only when at least one image worked. */
  answer(outcome: BatchOutcome<T>): unknown;
}

export interface BatchOutcome<T> {
  results: (T | null)[];
  failures: (ImageFailure | null)[];
  creditsCharged: number;
  balance: number | null;
}

export interface PaidBatchDeps {
  credits: CreditsPort;
  replays: ReplayCache;
  logger: Logger;
}

/** Runs `work` over indexes 0..count-1, at most `limit` at a time; results and errors in index order. */
async function mapSettled<T>(
  count: number,
  limit: number,
  work: (index: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const settled: PromiseSettledResult<T>[] = new Array<PromiseSettledResult<T>>(count);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      try {
        settled[index] = { status: 'fulfilled', value: await work(index) };
      } catch (reason) {
        settled[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
  return settled;
}

/**
 * Charges a batch once, runs it, refunds failed images and answers. Throws ApiError for every refusal (401, 400,
 * 402, 409, 422) and, when every image failed, the error of the first failure (after refunding all of it).
 * When the client goes away (`signal`), the work is cancelled and everything refunded; the key may run again.
 */
export async function runPaidBatch<T>(deps: PaidBatchDeps, input: PaidBatchInput<T>): Promise<Answer> {
  const total = input.perImageCredits.reduce((sum, c) => sum + c, 0);
  const count = input.perImageCredits.length;

  if (total === 0) {
    const outcome = await runWork(input, count);
    if (input.signal.aborted) throw new AiError('aborted', 'The client went away');
    return finalAnswer(input, outcome, deps.logger, { creditsCharged: 0, balance: null });
  }

  const { userId, idempotencyKey } = input;
  if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use server modes');
  if (!idempotencyKey) {
    throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'A charged call needs an Idempotency-Key header');
  }
  const credits = deps.credits;

  const replayKey = `${input.scope}:${userId}:${idempotencyKey}`;
  const start = deps.replays.begin(replayKey, input.fingerprint);
  if (start.kind === 'mismatch') {
    throw new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for a different request',
    );
  }
  if (start.kind === 'running') {
    throw new ApiError(409, 'REQUEST_IN_PROGRESS', 'The request with this Idempotency-Key is still running');
  }
  if (start.kind === 'done') return start.answer;

  const ledgerKey = `${replayKey}#${start.attempt}`;
  let charge: ReturnType<CreditsPort['charge']>;
  try {
    charge = credits.charge({ userId, amount: total, idempotencyKey: ledgerKey, reason: input.reason });
  } catch (error) {
    deps.replays.abandon(replayKey);
    throw error;
  }
  if (!charge.ok) {
    deps.replays.abandon(replayKey);
    throw insufficientCreditsError(charge.needed, charge.balance);
  }
  if (charge.replayed) {
    // Charged before by a process that no longer holds the answer (a restart): never run or charge again.
    deps.replays.forget(replayKey);
    throw new ApiError(
      409,
      'ALREADY_PROCESSED',
      'This Idempotency-Key was already charged; its result is gone',
    );
  }

  const ledger = { userId, credits, ledgerKey, entryId: charge.entryId, balance: charge.balance };
  try {
    const answer = await runCharged(deps, input, ledger);
    deps.replays.finish(replayKey, answer);
    return answer;
  } catch (error) {
    // Every way to get here refunded what did not work, so the key may run again.
    deps.replays.retryable(replayKey);
    throw error;
  }
}

/** Runs a charged batch and refunds each failed image's share (everything, if the client left). */
async function runCharged<T>(
  deps: PaidBatchDeps,
  input: PaidBatchInput<T>,
  ledger: { userId: string; credits: CreditsPort; ledgerKey: string; entryId: string; balance: number },
): Promise<Answer> {
  const count = input.perImageCredits.length;
  let balance = ledger.balance;
  const refunded = new Set<number>();
  const refund = (index: number, why: string): void => {
    const amount = input.perImageCredits[index] ?? 0;
    if (amount === 0 || refunded.has(index)) return;
    refunded.add(index);
    balance = ledger.credits.refund({
      userId: ledger.userId,
      amount,
      idempotencyKey: `${ledger.ledgerKey}:refund:${index}`,
      reason: `${input.scope} refund image ${index + 1}: ${why}`,
      chargeEntryId: ledger.entryId,
    }).balance;
  };

  let outcome: Settled<T>;
  try {
    outcome = await runWork(input, count);
  } catch (error) {
    // runWork settles every image, so this is a bug; give everything back before failing.
    for (let i = 0; i < count; i++) refund(i, 'internal error');
    throw error;
  }
  if (input.signal.aborted) {
    for (let i = 0; i < count; i++) refund(i, 'client went away');
    throw new AiError('aborted', 'The client went away');
  }
  outcome.reasons.forEach((reason, i) => {
    if (reason !== undefined) refund(i, toImageFailure(reason).code);
  });
  const creditsCharged = input.perImageCredits.reduce((sum, c, i) => sum + (refunded.has(i) ? 0 : c), 0);
  return finalAnswer(input, outcome, deps.logger, { creditsCharged, balance });
}

/** Per image: its result, or (undefined result) the reason it failed. */
interface Settled<T> {
  results: (T | null)[];
  reasons: unknown[];
}

async function runWork<T>(input: PaidBatchInput<T>, count: number): Promise<Settled<T>> {
  const settled = await mapSettled(count, input.concurrency, (i) => {
    if (input.signal.aborted) return Promise.reject(new AiError('aborted', 'The client went away'));
    return input.work(i, input.signal);
  });
  return {
    results: settled.map((s) => (s.status === 'fulfilled' ? s.value : null)),
    reasons: settled.map((s) => (s.status === 'rejected' ? (s.reason as unknown) : undefined)),
  };
}

/** Logs each failure, turns reasons into ImageFailures, and throws when nothing worked. */
function finalAnswer<T>(
  input: PaidBatchInput<T>,
  outcome: Settled<T>,
  logger: Logger,
  credits: { creditsCharged: number; balance: number | null },
): Answer {
  let firstFailure: (ImageFailure & { status: number }) | undefined;
  const failures = outcome.reasons.map((reason, index) => {
    if (reason === undefined) return null;
    const failure = toImageFailure(reason);
    const level = failure.status >= 500 && !(reason instanceof AiError) ? 'error' : 'warn';
    logger[level](
      { err: reason, scope: input.scope, image: index + 1, code: failure.code },
      'AI image failed',
    );
    firstFailure ??= failure;
    return { code: failure.code, error: failure.error };
  });
  if (firstFailure && failures.every((f) => f !== null)) {
    throw new ApiError(firstFailure.status, firstFailure.code, firstFailure.error, {
      failures,
      creditsRefunded: true,
    });
  }
  return { status: 200, body: input.answer({ results: outcome.results, failures, ...credits }) };
}

// ---------------------------------------------------------------------------------------------------------------
// Enhancement

export interface EnhanceRequest {
  userId: string;
  idempotencyKey: string | undefined;
  fields: EnhanceFields;
  /** The raw photos, from files or data URLs, in order. */
  images: readonly Buffer[];
  /** The request sent one file in `image`: answer the single shape. */
  single: boolean;
}

export interface EnhancementService {
  readonly providerName: AiProviderName;
  enhance(request: EnhanceRequest, signal: AbortSignal): Promise<Answer>;
}

export interface EnhancementDeps extends PaidBatchDeps {
  provider: AiProvider;
}

/** The modes among `ids` that run on the server, once each, in catalogue order. */
export function serverModesOf(ids: readonly string[]): Mode[] {
  const chosen = new Set(ids);
  return MODES.filter((m) => m.runsOn === 'server' && chosen.has(m.id));
}

/** True when the selection asks for the virtual staging flow, which the client runs itself (HTTP 307). */
export function wantsStaging(ids: readonly string[]): boolean {
  return ids.includes(STAGING_MODE_ID);
}

/** Checks every image, in order; the first bad one refuses the whole request before any charge. */
export async function checkAll(images: readonly Buffer[]): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const [i, bytes] of images.entries()) checked.push(await checkImage(bytes, `image ${i + 1}`));
  return checked;
}

/** A refusal (422 AI_UNAVAILABLE) naming the modes the provider cannot do, before anything is charged. */
export function ensureSupported(provider: AiProvider, modeIds: readonly string[]): void {
  const unsupported = provider.unsupportedModes(modeIds);
  if (unsupported.length > 0) {
    throw new ApiError(
      422,
      'AI_UNAVAILABLE',
      `The ${provider.name} provider cannot do: ${unsupported.join(', ')}`,
      {
        modeIds: unsupported,
        provider: provider.name,
      },
    );
  }
}

export function createEnhancementService(deps: EnhancementDeps): EnhancementService {
  const { provider, logger } = deps;
  return {
    providerName: provider.name,
    async enhance(request, signal) {
      const { fields } = request;
      const modes = serverModesOf(fields.selectedModes);
      if (modes.length === 0) {
        throw new ApiError(
          400,
          'INVALID_REQUEST',
          'No server mode selected: device modes run on the device',
          {
            reason: 'NO_SERVER_MODES',
          },
        );
      }
      ensureSupported(
        provider,
        modes.map((m) => m.id),
      );
      const images = await checkAll(request.images);
      // Device mode ids cost 0 in core/catalog pricing, so pricing the whole selection prices the server modes.
      const price = priceUniform(fields.selectedModes, images.length);
      if (fields.totalEnhancements !== undefined && fields.totalEnhancements !== price.total) {
        logger.warn(
          { clientTotal: fields.totalEnhancements, serverTotal: price.total },
          'enhance: the client expected a different price; charging the server price',
        );
      }
      const roomType: RoomType | 'mixed' | undefined = fields.roomType;
      const modeIds = modes.map((m) => m.id);
      return runPaidBatch(deps, {
        userId: request.userId,
        idempotencyKey: request.idempotencyKey,
        scope: 'enhance',
        fingerprint: fingerprint([modeIds.join(','), roomType ?? '', ...images.map((img) => img.bytes)]),
        perImageCredits: price.perImage,
        reason: `enhance: ${modeIds.join(', ')}`,
        concurrency: provider.concurrency,
        signal,
        async work(index, workSignal) {
          const image = images[index];
          if (!image) throw new Error(`no image ${index}`);
          const result = await provider.enhance({
            image,
            modes,
            ...(roomType ? { roomType } : {}),
            signal: workSignal,
          });
          return {
            url: jpegDataUrl(await encodeProviderResult(result.image)),
            description: result.description,
          };
        },
        answer(outcome) {
          const credits = { creditsCharged: outcome.creditsCharged, balance: outcome.balance };
          const first = outcome.results[0];
          if (request.single && first) {
            const body: EnhanceSingleResponse = {
              enhanced_image_base64: first.url,
              description: first.description,
              provider: provider.name,
              ...credits,
            };
            return body;
          }
          const body: EnhanceBatchResponse = {
            enhanced_images_base64: outcome.results.map((r) => r?.url ?? null),
            descriptions: outcome.results.map((r) => r?.description ?? null),
            errors: outcome.failures,
            provider: provider.name,
            ...credits,
          };
          return body;
        },
      });
    },
  };
}

/** Encodes a provider's picture; an unreadable picture from upstream is the provider's failure, not ours. */
export async function encodeProviderResult(image: Parameters<typeof encodeResult>[0]): Promise<Buffer> {
  try {
    return await encodeResult(image);
  } catch (error) {
    if (image.kind === 'encoded' && error instanceof ApiError) {
      throw new AiError('upstream', `The AI service answered an unusable image: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}
