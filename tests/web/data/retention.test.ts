import { describe, expect, it } from 'vitest';
import { planCleanup, type RetentionInput } from '../../../web/data/retention';

const DAY = 24 * 60 * 60 * 1000;
const now = 100 * DAY;
const base: RetentionInput = {
  now,
  retentionDays: 30,
  savedAt: now - DAY,
  referencedImageIds: new Set(['a']),
  referencedResultIds: new Set(['a:enhanced']),
  queuedImageIds: new Set(),
  images: [
    { id: 'a', addedAt: now - 40 * DAY },
    { id: 'orphan-old', addedAt: now - 2 * DAY },
    { id: 'orphan-new', addedAt: now - 60_000 },
  ],
  results: [
    { id: 'a:enhanced', imageId: 'a', createdAt: now - 40 * DAY },
    { id: 'a:final', imageId: 'a', createdAt: now - 2 * DAY },
    { id: 'orphan-old:enhanced', imageId: 'orphan-old', createdAt: now - 2 * DAY },
  ],
};

describe('planCleanup', () => {
  it.each<[string, Partial<RetentionInput>, ReturnType<typeof planCleanup>]>([
    [
      'a recent session keeps its rows; old orphans go, fresh ones stay',
      {},
      {
        expireSession: false,
        deleteImageIds: ['orphan-old'],
        deleteResultIds: ['a:final', 'orphan-old:enhanced'],
      },
    ],
    [
      'a session untouched for longer than the retention period goes whole',
      { savedAt: now - 31 * DAY },
      {
        expireSession: true,
        deleteImageIds: ['a', 'orphan-old', 'orphan-new'],
        deleteResultIds: ['a:enhanced', 'a:final', 'orphan-old:enhanced'],
      },
    ],
    [
      "'keep until I delete' (0) never expires a session",
      { savedAt: now - 365 * DAY, retentionDays: 0 },
      {
        expireSession: false,
        deleteImageIds: ['orphan-old'],
        deleteResultIds: ['a:final', 'orphan-old:enhanced'],
      },
    ],
    [
      'a queued job keeps its session and its photo',
      { savedAt: now - 31 * DAY, queuedImageIds: new Set(['orphan-old']) },
      { expireSession: false, deleteImageIds: [], deleteResultIds: ['a:final'] },
    ],
    [
      'nothing saved: only orphans are considered',
      { savedAt: null, referencedImageIds: new Set(), referencedResultIds: new Set() },
      {
        expireSession: false,
        deleteImageIds: ['a', 'orphan-old'],
        deleteResultIds: ['a:enhanced', 'a:final', 'orphan-old:enhanced'],
      },
    ],
  ])('%s', (_name, change, expected) => {
    expect(planCleanup({ ...base, ...change })).toEqual(expected);
  });
});
