// Which codec the image workers use, per input format and for the JPEG they write: the browser's through a canvas,
// ours (WebAssembly), or for JPEG input the browser's through WebCodecs' ImageDecoder. Chosen from timings the
// first worker measures (codecProbe.ts), once per page session, then the same for every worker: browser builds
// differ threefold in their canvas codecs, so it is measured, not guessed.

import type { AcceptedImageType } from '../../core/upload/sniffImageType';

export type CodecName = 'canvas' | 'wasm' | 'webcodecs';
export type DecodedFormat = 'jpeg' | 'png' | 'webp';

/**
 * Each codec's best time (ms) on the same test image; null where it could not run it (no WebAssembly, no
 * ImageDecoder), absent where it does not apply (WebCodecs has no encoder; its decoder is used for JPEG only).
 */
export interface CodecTiming {
  canvas: number;
  wasm: number | null;
  webcodecs?: number | null;
}

/** What the probe measured: each codec's best time on the same test image. */
export interface CodecTimings {
  decode: Record<DecodedFormat, CodecTiming>;
  /** JPEG at the keeping quality. */
  encode: CodecTiming;
}

export interface CodecChoice {
  decode: Record<DecodedFormat, CodecName>;
  encode: CodecName;
}

/** The browser's codecs throughout: before anything is measured, and whenever measuring fails. */
export const BROWSER_CODECS: CodecChoice = {
  decode: { jpeg: 'canvas', png: 'canvas', webp: 'canvas' },
  encode: 'canvas',
};

/**
 * How much faster another codec must be than the canvas to be chosen: a near tie keeps the canvas, which is the
 * one path that handles every photo itself (colour profiles, CMYK), where the others hand such photos back to it.
 * The test image is small, so on a busy machine its timings are noisy; a tie is not worth the switch.
 */
export const MUST_BEAT_CANVAS_BY = 0.1;

function pick(timing: CodecTiming): CodecName {
  if (!Number.isFinite(timing.canvas)) return 'canvas';
  let best: CodecName = 'canvas';
  let bestMs = timing.canvas * (1 - MUST_BEAT_CANVAS_BY);
  for (const name of ['wasm', 'webcodecs'] as const) {
    const ms = timing[name];
    if (typeof ms === 'number' && Number.isFinite(ms) && ms < bestMs) [best, bestMs] = [name, ms];
  }
  return best;
}

/** The codec per use from measured timings. */
export function chooseCodecs(timings: CodecTimings): CodecChoice {
  return {
    decode: {
      jpeg: pick(timings.decode.jpeg),
      png: pick(timings.decode.png),
      webp: pick(timings.decode.webp),
    },
    encode: pick(timings.encode),
  };
}

export function formatOf(type: AcceptedImageType): DecodedFormat {
  return type === 'image/jpeg' ? 'jpeg' : type === 'image/png' ? 'png' : 'webp';
}

export interface SessionCodecs {
  choice: CodecChoice;
  /** What the choice was made from; null when measuring failed or was given up. */
  timings: CodecTimings | null;
  /** How long the first photo waited for the choice (loading our codec and measuring both), ms. */
  probeMs: number;
}

/** A probe that has not answered by then (a worker stuck loading) leaves the session on the browser's codecs. */
export const PROBE_TIMEOUT_MS = 5_000;

let session: Promise<SessionCodecs> | null = null;
let measured: SessionCodecs | null = null;

/** The tab's sessionStorage keeps the choice over reloads, so a reloaded page's first photo does not wait again. */
const STORAGE_KEY = 'raumglanz.codecs.v1';
const NAMES: readonly unknown[] = ['canvas', 'wasm', 'webcodecs'] satisfies CodecName[];

/** What of sessionStorage is used; workers, which import this module too, have none. */
interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): TabStorage | null {
  try {
    return (globalThis as { sessionStorage?: TabStorage }).sessionStorage ?? null;
  } catch {
    return null; // storage switched off
  }
}

function storedCodecs(): SessionCodecs | null {
  try {
    const stored = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as SessionCodecs | null;
    const { decode, encode } = stored?.choice ?? {};
    const valid =
      decode && [decode.jpeg, decode.png, decode.webp, encode].every((name) => NAMES.includes(name));
    return valid ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The session's codecs: the first caller's `probe` measures (unless the tab measured before a reload), every later
 * caller gets the same answer. When
 * the probing worker goes away first (`gone` settles: cancelled, crashed), the waiting photos run on the browser's
 * codecs and the next caller measures again.
 */
export function sessionCodecs(
  probe: () => Promise<CodecTimings>,
  gone: Promise<unknown>,
): Promise<SessionCodecs> {
  if (session) return session;
  const stored = storedCodecs();
  if (stored) {
    measured = stored;
    session = Promise.resolve(stored);
    return session;
  }
  const started = performance.now();
  const fallback = (): SessionCodecs => ({
    choice: BROWSER_CODECS,
    timings: null,
    probeMs: performance.now() - started,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const ours: Promise<SessionCodecs> = Promise.race([
    probe().then(
      (timings): SessionCodecs => ({
        choice: chooseCodecs(timings),
        timings,
        probeMs: performance.now() - started,
      }),
      fallback,
    ),
    gone.then(() => {
      // A worker that ends after it has answered (idle, cancelled later) changes nothing.
      if (!settled && session === ours) session = null;
      return fallback();
    }),
    new Promise<SessionCodecs>((done) => (timer = setTimeout(() => done(fallback()), PROBE_TIMEOUT_MS))),
  ]).then((result) => {
    settled = true;
    clearTimeout(timer);
    if (session === ours) measured = result;
    // Only a real measurement is kept: a given-up probe measures again after a reload.
    if (session === ours && result.timings) {
      try {
        storage()?.setItem(STORAGE_KEY, JSON.stringify(result));
      } catch {
        // full or switched off: measured again after a reload
      }
    }
    return result;
  });
  session = ours;
  return ours;
}

/** What this session chose and from which timings (null until measured); for the benchmark and logs. */
export function measuredCodecs(): SessionCodecs | null {
  return measured;
}

/** @internal Forgets the session's choice (tests). */
export function resetSessionCodecs(): void {
  session = null;
  measured = null;
  storage()?.removeItem(STORAGE_KEY);
}
