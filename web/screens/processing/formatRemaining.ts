// The processing view's time left: each photo is expected to take a fixed part plus a part per megapixel, so an
// 18 MP photo is not promised in a few seconds; once photos finish, the time they really took sets the pace for
// the rest. Shown as 'Fast fertig...' at the very end, seconds below a minute, 'm:ss Min' above.

export type RemainingDisplay =
  { kind: 'almostDone' } | { kind: 'seconds'; n: number } | { kind: 'minutes'; time: string };

/** At or below this many seconds the countdown says 'Fast fertig...' instead of a number. */
const ALMOST_DONE_SECONDS = 3;

export function formatRemaining(seconds: number): RemainingDisplay {
  const s = Math.max(0, Math.round(seconds));
  if (s <= ALMOST_DONE_SECONDS) return { kind: 'almostDone' };
  if (s < 60) return { kind: 'seconds', n: s };
  return { kind: 'minutes', time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` };
}

/**
 * One photo's expected time: a part every photo costs (worker, room reading, the server's round trip) and a
 * part that grows with the pixels (decoding, the modes' kernels, encoding). Fitted to issue 27, where an 18 MP
 * photo took about 75 s on a two-core machine; the measured pace (remainingSeconds) corrects it elsewhere.
 */
const BASE_SECONDS = 4;
const SECONDS_PER_MEGAPIXEL = 4;
/** A photo whose header gave no size counts as a phone photo. */
const UNKNOWN_MEGAPIXELS = 12;

function expectedSeconds(pixels: number | undefined): number {
  const megapixels = pixels !== undefined && pixels > 0 ? pixels / 1e6 : UNKNOWN_MEGAPIXELS;
  return BASE_SECONDS + SECONDS_PER_MEGAPIXEL * megapixels;
}

export interface BatchPhoto {
  /** Width × height, when known. */
  pixels?: number;
  /** Enhanced or failed. */
  finished: boolean;
}

/**
 * Seconds left in a batch whose photos run one after the other. Before the first finishes, the photos'
 * expected times count down. Afterwards the time taken up to `lastFinishedAtMs` (the latest finish), against
 * what the finished photos were expected to take, gives this device's pace, which is applied to the expected
 * time of the rest and counts down from that finish. Without it the time is taken up to now, which grows while
 * a photo takes long, so the countdown would count up.
 */
export function remainingSeconds(
  photos: readonly BatchPhoto[],
  startedAtMs: number,
  nowMs: number,
  lastFinishedAtMs?: number,
): number {
  let expectedDone = 0;
  let expectedOpen = 0;
  for (const photo of photos) {
    if (photo.finished) expectedDone += expectedSeconds(photo.pixels);
    else expectedOpen += expectedSeconds(photo.pixels);
  }
  if (expectedDone === 0) {
    const elapsed = Math.max(0, (nowMs - startedAtMs) / 1000);
    return Math.max(0, Math.round(expectedOpen - elapsed));
  }
  const measuredUntil = Math.min(nowMs, lastFinishedAtMs ?? nowMs);
  const pace = Math.max(0, (measuredUntil - startedAtMs) / 1000) / expectedDone;
  const sinceLast = (nowMs - measuredUntil) / 1000;
  return Math.max(0, Math.round(pace * expectedOpen - sinceLast));
}
