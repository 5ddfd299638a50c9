// The image pool's worker entry (started by piscina through tsWorker.mjs): runs one task of the table and answers
// with its result, the images it was lent and its thread's id. Results and lent images leave by transfer (no
// copy); an error is answered as data, so the lent images go back even when the task fails.
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { TASKS, type TaskReply, type TaskRequest } from './tasks';
import { movableBuffers } from './transfer';

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
