// Who gets the image pool's threads, as pure rules over the tasks it holds: paid work runs first; no owner's free
// work (a visitor's network, a signed-in account) holds more than a fair share of the threads and the waiting
// room, and paid work past that share waits behind other owners'; a full pool sheds the cheapest work first: a
// paid task pushes out the newest waiting free task of the owner who holds the most, so a paying host is never
// the one refused because visitors filled the pool. imagePool.ts applies these answers; tests are tables.

/** Paid work (a charged call, or a queue worker's job) before free work (visitors, free modes, analyses). */
export type WorkPriority = 'paid' | 'free';

/** Whose work a task is: set per request by the AI routes; unset (a script, a queue worker) it is paid, ownerless. */
export interface WorkTag {
  /** Counted together for the fair share ('user:…' or 'ip:…'); undefined: not limited by a share. */
  owner?: string;
  priority: WorkPriority;
}

/** A task the pool holds: running in a thread or waiting for one, in the order it arrived. */
export interface HeldTask extends WorkTag {
  id: number;
  running: boolean;
}

export interface PoolCapacity {
  threads: number;
  maxQueued: number;
}

export type Admission =
  | { admit: true; evict?: number }
  /** 'full': the waiting room holds only work at least as dear (503); 'share': the owner holds its share (429). */
  | { admit: false; reason: 'full' | 'share' };

/**
 * The tasks one owner may hold at once: half of threads plus waiting room (at least one), so one network never
 * keeps everyone else out, while a batch of one visitor still fills an otherwise quiet pool's threads.
 */
export function fairShare({ threads, maxQueued }: PoolCapacity): number {
  return Math.max(1, Math.ceil((threads + maxQueued) / 2));
}

/** Whether a new task of `tag` may enter, and which waiting task it pushes out to do so. */
export function admit(held: readonly HeldTask[], tag: WorkTag, capacity: PoolCapacity): Admission {
  // Paid work is bounded by its credits and rate limits: past its share it waits, and nextToRun takes the owner
  // running the fewest first, so another paying host still gets the next thread.
  if (tag.owner !== undefined && tag.priority === 'free') {
    const owned = held.filter((task) => task.owner === tag.owner).length;
    if (owned >= fairShare(capacity)) return { admit: false, reason: 'share' };
  }
  if (held.length < capacity.threads + capacity.maxQueued) return { admit: true };
  if (tag.priority === 'free') return { admit: false, reason: 'full' };
  const victim = cheapestWaiting(held);
  return victim === undefined ? { admit: false, reason: 'full' } : { admit: true, evict: victim };
}

/** The waiting free task to shed: of the owner holding the most tasks, the one that arrived last. */
function cheapestWaiting(held: readonly HeldTask[]): number | undefined {
  const counts = ownerCounts(held, () => true);
  let victim: HeldTask | undefined;
  for (const task of held) {
    if (task.running || task.priority !== 'free') continue;
    if (!victim || countOf(counts, task) >= countOf(counts, victim)) victim = task;
  }
  return victim?.id;
}

/**
 * The waiting task to start when a thread frees up: paid before free; within a priority, the owner running the
 * fewest tasks (so one owner's queue never starves another's), then the one that arrived first.
 */
export function nextToRun(held: readonly HeldTask[]): number | undefined {
  const running = ownerCounts(held, (task) => task.running);
  let best: HeldTask | undefined;
  for (const task of held) {
    if (task.running) continue;
    if (!best || before(task, best, running)) best = task;
  }
  return best?.id;
}

function before(a: HeldTask, b: HeldTask, running: Map<string | undefined, number>): boolean {
  if (a.priority !== b.priority) return a.priority === 'paid';
  return countOf(running, a) < countOf(running, b);
}

function ownerCounts(
  held: readonly HeldTask[],
  which: (task: HeldTask) => boolean,
): Map<string | undefined, number> {
  const counts = new Map<string | undefined, number>();
  for (const task of held) if (which(task)) counts.set(task.owner, (counts.get(task.owner) ?? 0) + 1);
  return counts;
}

function countOf(counts: Map<string | undefined, number>, task: HeldTask): number {
  return counts.get(task.owner) ?? 0;
}
