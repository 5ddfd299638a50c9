// The fault test of issue 18: the real server process on a real SQLite file, 30 paid builtin calls in flight,
// kill -9, restart, every unanswered call retried with its Idempotency-Key; three rounds. Every credit must be
// accounted for: start = credits paid for delivered results + balance, nothing lost, nothing given away.
import { describe, expect, it } from 'vitest';
import { runCrashSoak } from '../../scripts/soak/crashSoak';

describe('paid calls across kill -9', () => {
  it('accounts for every credit over three kills with 30 calls in flight', async () => {
    const figures = await runCrashSoak({
      rounds: 3,
      callsPerRound: 30,
      accounts: 3,
      startingCredits: 100,
      killAfterAnswers: 3,
    });
    // The kills must have hit calls in flight, or the test proves nothing.
    expect(figures.unansweredAtKill).toBeGreaterThan(30);
    expect(figures).toMatchObject({ kills: 3, delivered: 90, undelivered: 0, replayMismatches: 0 });
    // The calls must really be charged (Entrümpeln on a cluttered room), or '0 lost' measures nothing.
    expect(figures.creditsPaidForResults).toBeGreaterThan(0);
    expect(figures.creditsPaidForResults + figures.creditsBalance).toBe(figures.creditsStart);
    expect(figures.creditsLost).toBe(0);
    expect(figures.creditsGivenAway).toBe(0);
  }, 400_000);
});
