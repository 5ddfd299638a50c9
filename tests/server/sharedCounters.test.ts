// The rate limits' counters in the database (middleware/sharedCounters.ts over store/rateLimitWindows.ts), on
// SQLite and (server-pg) PostgreSQL: a window starts with a key's first hit and starts again after it ended, a
// budget is never overdrawn by hits arriving at once, and a refused hit adds nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSharedCounters, type SharedCounters } from '../../server/middleware/sharedCounters';
import { createWindowCounterRepository } from '../../server/store/rateLimitWindows';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

let test: TestDatabase;
let clock: number;
let counters: SharedCounters;

beforeEach(async () => {
  test = await openTestDatabase('counters');
  clock = 1_700_000_000_000;
  counters = createSharedCounters(createWindowCounterRepository(test.db), () => clock);
});
afterEach(async () => {
  await test.close();
});

describe('shared counters', () => {
  it("counts per key within the window that the key's first hit started, then starts again", async () => {
    expect(await counters.add('a', 60_000, 1)).toEqual({ hits: 1, expiresAt: clock + 60_000 });
    const started = clock;
    clock += 59_000;
    expect(await counters.add('a', 60_000, 2)).toEqual({ hits: 3, expiresAt: started + 60_000 });
    expect(await counters.add('b', 60_000, 1)).toMatchObject({ hits: 1 });
    clock = started + 60_000;
    expect(await counters.get('a')).toBeUndefined();
    expect(await counters.add('a', 60_000, 1)).toEqual({ hits: 1, expiresAt: clock + 60_000 });
  });

  it('adds within a budget only, exactly up to it when many hits arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => counters.addWithin('pixels:x', 60_000, 2, 10)),
    );
    expect(results.filter((r) => r !== undefined)).toHaveLength(5);
    expect(await counters.get('pixels:x')).toMatchObject({ hits: 10 });
    // One amount larger than the whole budget is refused without a row.
    expect(await counters.addWithin('pixels:y', 60_000, 11, 10)).toBeUndefined();
    expect(await counters.get('pixels:y')).toBeUndefined();
    // After the window, the budget is whole again.
    clock += 60_000;
    expect(await counters.addWithin('pixels:x', 60_000, 10, 10)).toMatchObject({ hits: 10 });
  });

  it('takes a hit back and forgets a key', async () => {
    await counters.add('k', 60_000, 2);
    await counters.subtract('k', 1);
    expect(await counters.get('k')).toMatchObject({ hits: 1 });
    await counters.remove('k');
    expect(await counters.get('k')).toBeUndefined();
  });
});
