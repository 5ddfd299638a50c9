// Replays of the same Idempotency-Key: per user and key, whether a paid request runs, finished (with its answer)
// or may run again, and the fingerprint that stops one key from being reused for a different request. Memory only;
// the ledger's own idempotency covers what a restart forgets.
import { createHash } from 'node:crypto';
import type { Answer } from './answer';

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
