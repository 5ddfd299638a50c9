// The server's one pool of image worker threads (piscina): every piece of server image work (sharp's decode and
// encode, the builtin provider's pixel operations and measurements, the room detector, clutter removal) runs
// here as a task of tasks.ts, so the event loop stays free for other requests. One worker per core by default;
// at most `maxQueued` tasks wait. Who waits, who runs next and who is refused (503 SERVICE_UNAVAILABLE, or 429 for
// an owner past its share, with a Retry-After) is admission.ts's: each task carries the tag of the request it
// serves (within(), set by the AI routes; asPaid() by a charged call). Images in a task's input are lent, not
// copied: their buffers move to the worker and back.
// One pool per process: index.ts and worker.ts build it from the env and hand it on (a script builds its own);
// its threads start on first use and stop at close().
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
// Loaded here too, so libvips stays loaded while workers come and go (an unloaded libvips crashes the process;
// sharp's documentation asks for this when it is used in worker threads).
import 'sharp';
import type { RgbaImage } from '../../core/imaging/types';
import { ApiError } from '../errors';
import type { Logger } from '../logger';
import { admit, nextToRun, type HeldTask, type WorkTag } from './admission';
import type { TaskInput, TaskKind, TaskOutput, TaskReply, TaskRequest } from './tasks';
import { laterThreadsLowered } from './threadPriority';
import { isRgbaImage, wholeBuffer } from './transfer';

export interface ImagePoolOptions {
  /** Worker threads; 0 or unset: one per CPU core. */
  concurrency?: number;
  /** Tasks allowed to wait for a thread. */
  maxQueued?: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
  /** Where a worker's failure outside any task is reported. */
  logger?: Logger;
}

export interface ImagePoolStats {
  threads: number;
  maxQueued: number;
  running: number;
  queued: number;
  completed: number;
  failed: number;
  refused: number;
  /** Per task kind: how many finished, and the ids of the threads that ran them (never the server's own). */
  kinds: Partial<Record<TaskKind, { completed: number; threadIds: number[] }>>;
}

/** tsx's ESM API, by file URL: tsWorker.mjs loads the TypeScript entry through it. */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  return pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
}

const BOOTSTRAP = fileURLToPath(new URL('./tsWorker.mjs', import.meta.url));
const WORKER_ENTRY = new URL('./worker.ts', import.meta.url).href;

/** A held task and how to let it start or shed it while it waits. */
interface Entry extends HeldTask {
  start: () => void;
  shed: (error: ApiError) => void;
}

/** The image threads' nice value (worker.ts sets its own), given to the helper threads their work starts. */
const IMAGE_THREAD_NICE = 10;

/** Young generation of each image thread, in MB (see piscina() below). */
const WORKER_YOUNG_GENERATION_MB = 12;

/** Work outside any tagged request (a script, a queue worker's job): paid, and no owner's share applies. */
const UNTAGGED: WorkTag = { priority: 'paid' };

/** An image lent to a task: the image whose `data` is given back, and its buffer's place in the lent list. */
interface Loan {
  image: RgbaImage;
  index: number;
}

export class ImagePool {
  private pool: Piscina | undefined;
  /** Tasks admitted and not yet answered (waiting ones too), so close() can let them finish. */
  private readonly pending = new Set<Promise<unknown>>();
  private readonly threads: number;
  private readonly maxQueued: number;
  private readonly retryAfterSeconds: number;
  private readonly logger: Logger | undefined;
  /** Running and waiting tasks, in the order they arrived (admission.ts reads them). */
  private held: Entry[] = [];
  private nextId = 1;
  private readonly tags = new AsyncLocalStorage<WorkTag>();
  private completed = 0;
  private failed = 0;
  private refused = 0;
  private readonly kinds = new Map<TaskKind, { completed: number; threadIds: Set<number> }>();

  /** Lowers the helper threads sharp starts for image work (threadPriority.ts). */
  private readonly lowerHelpers = laterThreadsLowered(IMAGE_THREAD_NICE);

  constructor(options: ImagePoolOptions = {}) {
    this.threads = options.concurrency || availableParallelism();
    this.maxQueued = options.maxQueued ?? 16;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 2;
    this.logger = options.logger;
  }

  /** Runs `fn` with every task it starts (through any await) tagged as the work of `tag`. */
  within<T>(tag: WorkTag, fn: () => T): T {
    return this.tags.run(tag, fn);
  }

  /** Runs `fn` as paid work of the current owner: a charged call's tasks run first and shed free ones. */
  asPaid<T>(fn: () => T): T {
    return this.tags.run({ ...this.tags.getStore(), priority: 'paid' }, fn);
  }

  /**
   * Runs one task in a worker thread. Refused at once (503, or 429 past the owner's share) when admission says so;
   * a waiting free task may later be shed (503) for paid work. Every image among the input's own fields is lent:
   * its pixels move to the worker and back into the same image object, so the caller keeps using it afterwards,
   * but must not read it while the task runs (its data is empty meanwhile). Buffers in `moved` go to the worker
   * for good (a body read once): the caller's views of them are empty afterwards.
   */
  run<K extends TaskKind>(
    kind: K,
    input: TaskInput<K>,
    moved: readonly ArrayBuffer[] = [],
  ): Promise<TaskOutput<K>> {
    const tag = this.tags.getStore() ?? UNTAGGED;
    const capacity = { threads: this.threads, maxQueued: this.maxQueued };
    const decision = admit(this.held, tag, capacity);
    if (!decision.admit) {
      this.refused++;
      return Promise.reject(this.refusal(decision.reason));
    }
    if (decision.evict !== undefined) {
      const victim = this.held.find((task) => task.id === decision.evict);
      this.drop(victim);
      this.refused++;
      victim?.shed(this.refusal('full'));
    }
    let start!: () => void;
    let shed!: (error: ApiError) => void;
    const turn = new Promise<void>((resolve, reject) => ((start = resolve), (shed = reject)));
    const entry: Entry = { id: this.nextId++, ...tag, running: false, start, shed };
    this.held.push(entry);
    const work = turn
      .then(() => this.execute(kind, input, moved))
      .finally(() => {
        this.drop(entry);
        this.pending.delete(work);
      });
    this.pending.add(work);
    this.dispatch();
    return work;
  }

  private async execute<K extends TaskKind>(
    kind: K,
    input: TaskInput<K>,
    moved: readonly ArrayBuffer[],
  ): Promise<TaskOutput<K>> {
    const { loans, lent } = loansOf(input);
    const request: TaskRequest = { kind, input, lent };
    const transferList = [...lent, ...moved.filter((buffer) => !lent.includes(buffer))];
    try {
      const reply = (await this.piscina().run(request, { transferList })) as TaskReply;
      this.lowerHelpers();
      for (const { image, index } of loans) image.data = new Uint8ClampedArray(reply.lent[index]!);
      if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
      this.count(kind, reply.threadId);
      return reply.value as TaskOutput<K>;
    } catch (error) {
      this.failed++;
      throw error;
    }
  }

  /** Removes a task from the held ones (finished or shed) and starts whoever is next. */
  private drop(entry: Entry | undefined): void {
    if (!entry) return;
    this.held = this.held.filter((task) => task !== entry);
    this.dispatch();
  }

  /** Starts waiting tasks, in admission.ts's order, while a thread is free. */
  private dispatch(): void {
    while (this.held.filter((task) => task.running).length < this.threads) {
      const id = nextToRun(this.held);
      const next = this.held.find((task) => task.id === id);
      if (!next) return;
      next.running = true;
      next.start();
    }
  }

  private refusal(reason: 'full' | 'share'): ApiError {
    const details = { retryAfterSeconds: this.retryAfterSeconds };
    return reason === 'share'
      ? new ApiError(429, 'RATE_LIMITED', 'Too many photos of yours are being worked on; wait a moment', {
          ...details,
          reason: 'IMAGE_SHARE',
        })
      : new ApiError(
          503,
          'SERVICE_UNAVAILABLE',
          'The server is busy with images; try again shortly',
          details,
        );
  }

  stats(): ImagePoolStats {
    const kinds: ImagePoolStats['kinds'] = {};
    for (const [kind, { completed, threadIds }] of this.kinds) {
      kinds[kind] = { completed, threadIds: [...threadIds].sort((a, b) => a - b) };
    }
    return {
      threads: this.threads,
      maxQueued: this.maxQueued,
      running: this.held.filter((task) => task.running).length,
      queued: this.held.filter((task) => !task.running).length,
      completed: this.completed,
      failed: this.failed,
      refused: this.refused,
      kinds,
    };
  }

  /** Lets the running and waiting tasks finish, then stops the threads; the next task starts a new pool. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private piscina(): Piscina {
    if (!this.pool) {
      const pool = new Piscina({
        filename: BOOTSTRAP,
        workerData: { tsxApi: tsxApiUrl(), entry: WORKER_ENTRY },
        minThreads: this.threads,
        // A small young generation per thread (V8's default lets each grow to 48 MB): image data lives outside the
        // heap, so the threads' short-lived objects are small, and two threads' full nurseries were 70 MB of the
        // server's peak under load (README, memory budget).
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
        maxThreads: this.threads,
        // Our own admission above decides who waits; piscina's queue only holds what we admitted.
        maxQueue: Infinity,
        // Between tasks a worker's event loop runs normally (tfjs and sharp finish their own asynchronous work).
        atomics: 'disabled',
      });
      // A worker failing outside a task (at start, say) is reported; its tasks fail on their own.
      pool.on('error', (error: unknown) => {
        if (this.logger) this.logger.error({ err: error }, 'image pool worker failed');
        else process.stderr.write(`image pool worker failed: ${String(error)}\n`);
      });
      this.pool = pool;
    }
    return this.pool;
  }

  private count(kind: TaskKind, threadId: number): void {
    this.completed++;
    const entry = this.kinds.get(kind) ?? { completed: 0, threadIds: new Set<number>() };
    entry.completed++;
    entry.threadIds.add(threadId);
    this.kinds.set(kind, entry);
  }
}

/**
 * The images among the input's own fields whose buffers can move (each buffer once), and which image gets which
 * buffer back. An image whose pixels are a view into a larger buffer is copied instead (postMessage's default).
 */
function loansOf(input: unknown): { loans: Loan[]; lent: ArrayBuffer[] } {
  const loans: Loan[] = [];
  const lent: ArrayBuffer[] = [];
  if (input === null || typeof input !== 'object') return { loans, lent };
  for (const value of Object.values(input)) {
    if (!isRgbaImage(value)) continue;
    const buffer = wholeBuffer(value.data);
    if (!buffer) continue;
    let index = lent.indexOf(buffer);
    if (index < 0) index = lent.push(buffer) - 1;
    loans.push({ image: value, index });
  }
  return { loans, lent };
}
