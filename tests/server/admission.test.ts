// Who gets the server's image threads and photo-body bytes (server/pool/admission.ts, server/middleware/
// bodyAdmission.ts), as tables over the pure rules: paid work first and never the one shed for visitors, no owner
// past its fair share, the cheapest waiting work shed first; visitors' bodies within their part of the bytes.
import { describe, expect, it } from 'vitest';
import { admitBody, type Body, type BodyLimits } from '../../server/middleware/bodyAdmission';
import { admit, fairShare, nextToRun, type HeldTask, type WorkPriority } from '../../server/pool/admission';

/** Tasks from a compact notation: 'owner:priority:running|waiting', ids in order from 1. */
function tasks(...specs: string[]): HeldTask[] {
  return specs.map((spec, i) => {
    const parts = spec.split(':');
    const state = parts.pop();
    const priority = parts.pop();
    const owner = parts.join(':');
    return {
      id: i + 1,
      ...(owner === '-' ? {} : { owner }),
      priority: priority as WorkPriority,
      running: state === 'running',
    };
  });
}

const SMALL = { threads: 1, maxQueued: 3 };

describe('image pool admission', () => {
  it.each([
    [{ threads: 1, maxQueued: 0 }, 1],
    [{ threads: 1, maxQueued: 3 }, 2],
    [{ threads: 2, maxQueued: 16 }, 9],
    [{ threads: 4, maxQueued: 16 }, 10],
    [{ threads: 8, maxQueued: 64 }, 36],
  ])('the fair share of %o is %i tasks', (capacity, share) => {
    expect(fairShare(capacity)).toBe(share);
  });

  it.each<[string, HeldTask[], { owner?: string; priority: WorkPriority }, ReturnType<typeof admit>]>([
    ['an empty pool takes a visitor', [], { owner: 'ip:a', priority: 'free' }, { admit: true }],
    [
      'room left: a visitor within its share waits',
      tasks('ip:a:free:running', 'ip:b:free:waiting'),
      { owner: 'ip:a', priority: 'free' },
      { admit: true },
    ],
    [
      'a visitor holding its share is refused (429), room or not',
      tasks('ip:a:free:running', 'ip:a:free:waiting'),
      { owner: 'ip:a', priority: 'free' },
      { admit: false, reason: 'share' },
    ],
    [
      "an account's paid work past its share waits (its credits bound it; other owners run first)",
      tasks('user:h:paid:running', 'user:h:paid:waiting'),
      { owner: 'user:h', priority: 'paid' },
      { admit: true },
    ],
    [
      "an account's free work holding its share is refused",
      tasks('user:h:free:running', 'user:h:free:waiting'),
      { owner: 'user:h', priority: 'free' },
      { admit: false, reason: 'share' },
    ],
    [
      'work of no owner (a script, a queue worker) has no share',
      tasks('-:paid:running', '-:paid:waiting'),
      { priority: 'paid' },
      { admit: true },
    ],
    [
      'a full pool refuses a visitor (503)',
      tasks('ip:a:free:running', 'ip:b:free:waiting', 'ip:c:free:waiting', 'ip:d:free:waiting'),
      { owner: 'ip:e', priority: 'free' },
      { admit: false, reason: 'full' },
    ],
    [
      "a full pool takes a host's paid task and sheds a waiting visitor's",
      tasks('ip:a:free:running', 'ip:b:free:waiting', 'ip:c:free:waiting', 'ip:d:free:waiting'),
      { owner: 'user:h', priority: 'paid' },
      { admit: true, evict: 4 },
    ],
    [
      'full of paid work: a paid task is refused, nothing paid is shed',
      tasks('-:paid:running', '-:paid:waiting', '-:paid:waiting', '-:paid:waiting'),
      { owner: 'user:h', priority: 'paid' },
      { admit: false, reason: 'full' },
    ],
    [
      'a running visitor task is never shed',
      tasks('ip:a:free:running', '-:paid:waiting', '-:paid:waiting', '-:paid:waiting'),
      { owner: 'user:h', priority: 'paid' },
      { admit: false, reason: 'full' },
    ],
  ])('%s', (_name, held, tag, expected) => {
    expect(admit(held, tag, SMALL)).toEqual(expected);
  });

  it('sheds the newest waiting task of the owner holding the most', () => {
    const held = tasks(
      'ip:a:free:running',
      'ip:a:free:waiting',
      'ip:b:free:waiting',
      'ip:a:free:waiting',
      'ip:b:free:waiting',
      'ip:a:free:waiting',
      'ip:c:free:waiting',
    );
    expect(admit(held, { owner: 'user:h', priority: 'paid' }, { threads: 1, maxQueued: 6 })).toEqual({
      admit: true,
      evict: 6,
    });
  });

  it.each<[string, HeldTask[], number | undefined]>([
    ['nothing waits', tasks('ip:a:free:running'), undefined],
    ['paid before free, whoever came first', tasks('ip:a:free:waiting', 'user:h:paid:waiting'), 2],
    [
      'among visitors, the owner running fewest first',
      tasks('ip:a:free:running', 'ip:a:free:waiting', 'ip:b:free:waiting'),
      3,
    ],
    ['otherwise the first to arrive', tasks('ip:a:free:waiting', 'ip:b:free:waiting'), 1],
  ])('next to run: %s', (_name, held, expected) => {
    expect(nextToRun(held)).toBe(expected);
  });
});

describe('photo body admission', () => {
  const limits: BodyLimits = { maxBytes: 100, visitorBytes: 40, ownerBytes: 30 };
  const visitor = (owner: string, bytes: number): Body => ({ owner, member: false, bytes });
  const host = (owner: string, bytes: number): Body => ({ owner, member: true, bytes });

  it.each<[string, Body[], Body, ReturnType<typeof admitBody>]>([
    ['the first body passes', [], visitor('ip:a', 20), 'admit'],
    ['one body larger than every limit still passes alone', [], visitor('ip:a', 500), 'admit'],
    ['a caller within its share', [visitor('ip:a', 10)], visitor('ip:a', 20), 'admit'],
    ['a caller past its share (429)', [visitor('ip:a', 20)], visitor('ip:a', 20), 'owner'],
    [
      "visitors past their part (503), though the hosts' part is free",
      [visitor('ip:a', 20), visitor('ip:b', 15)],
      visitor('ip:c', 10),
      'busy',
    ],
    [
      'a host finds room while visitors hold all of theirs',
      [visitor('ip:a', 20), visitor('ip:b', 20)],
      host('user:h', 50),
      'admit',
    ],
    [
      "a host's first upload passes though it is larger than a caller's share",
      [visitor('ip:a', 20), visitor('ip:b', 20)],
      host('user:h', 60),
      'admit',
    ],
    [
      'everyone past the whole budget (503)',
      [visitor('ip:a', 20), visitor('ip:b', 20), host('user:g', 30)],
      host('user:h', 40),
      'busy',
    ],
  ])('%s', (_name, held, body, expected) => {
    expect(admitBody(held, body, limits)).toBe(expected);
  });
});
