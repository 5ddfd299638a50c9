// How the processing view shows the time left: 'Fast fertig...' at the very end, seconds below a minute,
// 'm:ss Min' above.

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
