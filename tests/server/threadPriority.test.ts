// The image work's helper threads (threadPriority.ts): a thread started after the snapshot is lowered to the image
// threads' nice value, one that was there before is left alone. Linux only (a nice value is a thread's own there).
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { laterThreadsLowered } from '../../server/pool/threadPriority';

const threadIds = () => readdirSync('/proc/self/task').map(Number);
/** A thread's nice value: field 19 of its stat line, counted after the name in parentheses. */
const niceOf = (tid: number) =>
  Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);

describe.runIf(process.platform === 'linux')('laterThreadsLowered', () => {
  it('lowers threads started after it was made and leaves the earlier ones', async () => {
    const earlier = threadIds();
    const lower = laterThreadsLowered(10);
    const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    try {
      const started = threadIds().filter((tid) => !earlier.includes(tid));
      expect(started.length).toBeGreaterThan(0);
      lower();
      for (const tid of started) expect(niceOf(tid)).toBe(10);
      expect(niceOf(process.pid)).toBe(0);
    } finally {
      await worker.terminate();
    }
  });
});
