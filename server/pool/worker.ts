// The image pool's worker entry (started by piscina through tsWorker.mjs): runs one task of the table and answers
// with its result, the images it was lent and its thread's id. Results and lent images leave by transfer (no
// copy); an error is answered as data, so the lent images go back even when the task fails. The thread lowers its
// own scheduling priority, so the server's thread (health checks, credits, every small request) comes first on a
// busy machine and image work takes the time that is left.
import { setPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { TASKS, type TaskReply, type TaskRequest } from './tasks';
import { movableBuffers } from './transfer';

/** Nice value of the image threads (0 is the server's thread, 19 the lowest priority). */
const IMAGE_THREAD_NICE = 10;

// On Linux a nice value belongs to a thread, so this lowers this worker alone; elsewhere it would lower the whole
// process, server thread included, so it is left alone there.
if (process.platform === 'linux') {
  try {
    setPriority(0, IMAGE_THREAD_NICE);
  } catch {
    // Not allowed in this container: the threads keep the server's priority.
  }
}

export default async function runTask({ kind, input, lent }: TaskRequest): Promise<unknown> {
  let reply: TaskReply;
  try {
    const value: unknown = await TASKS[kind](input as never);
    reply = { ok: true, value, lent, threadId };
  } catch (error) {
    const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
    reply = { ok: false, error: { name, message, ...(stack ? { stack } : {}) }, lent, threadId };
  }
  return move({ [transferableSymbol]: movableBuffers(reply), [valueSymbol]: reply });
}
