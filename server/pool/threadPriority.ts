// Lowers the helper threads of image work to the image threads' priority (worker.ts lowers those): sharp runs every
// decode, resize and encode on libuv's thread pool and libvips's own threads, which start on first use at the
// server thread's priority. Linux only (a nice value is a thread's own); threads that existed before any image work
// (the server's, V8's, libuv's own) are left alone, so health checks and small requests come first.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
}

/**
 * Remembers the process's threads now; each call of the answer lowers every thread started since to `nice`. A
 * no-op off Linux, or where lowering is not allowed.
 */
export function laterThreadsLowered(nice: number): () => void {
  if (process.platform !== 'linux') return () => {};
  const spared = new Set(threadIds());
  return () => {
    for (const tid of threadIds()) {
      if (spared.has(tid)) continue;
      try {
        if (getPriority(tid) < nice) setPriority(tid, nice);
      } catch {
        // Gone meanwhile, or not ours to change: leave it.
      }
      spared.add(tid);
    }
  };
}
