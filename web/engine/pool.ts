// The scheduling half of the engine, kept free of Worker and comlink so it runs in Node tests with fake workers:
// a FIFO queue over a fixed number of slots, a worker started in a slot only when a job needs it, one job per
// worker at a time, cancel = terminate that worker (the next job starts a fresh one), a worker that dies fails
// only its own job, and a worker idle for a while is terminated to give its memory back (as Squoosh does).
// Idle workers can also be lent to a running job (lendIdle: the rows of one photo on every core).

import { EngineError } from './errors';

/** One running worker, as the pool sees it. */
export interface PoolWorker<Job, Result, Progress> {
  /**
   * Runs one job; rejecting means this job failed, the worker itself is still fine. `freeSlots`: how many other
   * slots had nothing to do when it started (nothing queued), i.e. could help it (lendIdle).
   */
  run(job: Job, onProgress: (progress: Progress) => void, freeSlots: number): Promise<Result>;
  terminate(): void;
}

/** Starts a worker; it calls `onCrash` if the worker dies by itself (script error, failed load). */
export type WorkerFactory<Job, Result, Progress, W = PoolWorker<Job, Result, Progress>> = (
  onCrash: (reason: string) => void,
) => W;

export interface WorkerPoolOptions<Job, Result, Progress, W> {
  /** How many workers may run at once. */
  size: number;
  createWorker: WorkerFactory<Job, Result, Progress, W>;
  /** A worker with nothing to do for this long is terminated; the next job starts it again. */
  idleTimeoutMs?: number;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;

interface Task<Job, Result, Progress> {
  job: Job;
  onProgress: (progress: Progress) => void;
  onStart: () => void;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

interface Slot<Job, Result, Progress, W> {
  worker: W | null;
  task: Task<Job, Result, Progress> | null;
  /** Lent to another job (lendIdle): busy, though it runs no task of its own. */
  lent: boolean;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

export class WorkerPool<
  Job,
  Result,
  Progress,
  W extends PoolWorker<Job, Result, Progress> = PoolWorker<Job, Result, Progress>,
> {
  private readonly slots: Slot<Job, Result, Progress, W>[];
  private readonly queue: Task<Job, Result, Progress>[] = [];
  private readonly createWorker: WorkerFactory<Job, Result, Progress, W>;
  private readonly idleTimeoutMs: number;
  private disposed = false;
  /** How many workers were ever started (for tests and the benchmark). */
  started = 0;

  constructor(options: WorkerPoolOptions<Job, Result, Progress, W>) {
    const size = Math.max(1, Math.floor(options.size));
    this.slots = Array.from({ length: size }, () => ({
      worker: null,
      task: null,
      lent: false,
      idleTimer: undefined,
    }));
    this.createWorker = options.createWorker;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  }

  /** Workers alive right now. */
  get liveWorkers(): number {
    return this.slots.filter((slot) => slot.worker !== null).length;
  }

  /** Jobs waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Queues a job. It rejects with EngineError 'cancelled' when `signal` aborts (before or while it runs) or the
   * pool is disposed, and with 'workerCrashed' when its worker dies. `onStart` fires when a worker takes it.
   */
  run(
    signal: AbortSignal | undefined,
    job: Job,
    onProgress: (progress: Progress) => void = () => {},
    onStart: () => void = () => {},
  ): Promise<Result> {
    if (this.disposed) return Promise.reject(new EngineError('cancelled', 'the engine was disposed'));
    if (signal?.aborted) return Promise.reject(new EngineError('cancelled'));
    return new Promise<Result>((resolve, reject) => {
      const onAbort = () => this.cancel(task);
      const task: Task<Job, Result, Progress> = {
        job,
        onProgress,
        onStart,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(task);
      this.pump();
    });
  }

  /**
   * Gives `work` to each worker with nothing to do right now, starting one in each empty slot: help for a job
   * in progress, never queued (later it is worth nothing). A lent worker takes no job until `work` settles.
   * Returns how many workers took it.
   */
  lendIdle(work: (worker: W) => Promise<unknown>): number {
    if (this.disposed || this.queue.length > 0) return 0;
    let lent = 0;
    for (const slot of this.slots) {
      if (slot.task !== null || slot.lent) continue;
      clearTimeout(slot.idleTimer);
      const worker = (slot.worker ??= this.spawn(slot));
      slot.lent = true;
      lent++;
      const done = () => {
        if (slot.worker !== worker || !slot.lent) return; // terminated or crashed meanwhile
        slot.lent = false;
        this.pump();
        this.idleLater(slot);
      };
      let running: Promise<unknown>;
      try {
        running = work(worker);
      } catch (error) {
        running = Promise.reject(error);
      }
      running.then(done, done);
    }
    return lent;
  }

  /** Terminates every worker and rejects every queued and running job with 'cancelled'. */
  dispose(): void {
    this.disposed = true;
    for (const task of this.queue.splice(0))
      this.settle(task, new EngineError('cancelled', 'the engine was disposed'));
    for (const slot of this.slots) {
      const task = slot.task;
      this.stopWorker(slot);
      if (task) this.settle(task, new EngineError('cancelled', 'the engine was disposed'));
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      // A warm worker first; start a new one only when every live worker is busy.
      const slot =
        this.slots.find((s) => s.task === null && !s.lent && s.worker !== null) ??
        this.slots.find((s) => s.task === null && !s.lent);
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private start(slot: Slot<Job, Result, Progress, W>, task: Task<Job, Result, Progress>): void {
    clearTimeout(slot.idleTimer);
    slot.task = task;
    const worker = (slot.worker ??= this.spawn(slot));
    task.onStart();
    const freeSlots =
      this.queue.length > 0 ? 0 : this.slots.filter((s) => s !== slot && s.task === null && !s.lent).length;
    let running: Promise<Result>;
    try {
      running = worker.run(
        task.job,
        (progress) => {
          if (slot.task === task) task.onProgress(progress);
        },
        freeSlots,
      );
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (result) => this.finish(slot, task, () => task.resolve(result)),
      (error: unknown) => this.finish(slot, task, () => task.reject(error)),
    );
  }

  private spawn(slot: Slot<Job, Result, Progress, W>): W {
    const worker = this.createWorker((reason) => {
      if (slot.worker !== worker) return; // a crash report from a worker we already let go
      const task = slot.task;
      this.stopWorker(slot);
      if (task) this.settle(task, new EngineError('workerCrashed', reason));
      this.pump();
    });
    this.started += 1;
    return worker;
  }

  /** A job's own answer; ignored when the job was cancelled or its worker crashed in the meantime. */
  private finish(
    slot: Slot<Job, Result, Progress, W>,
    task: Task<Job, Result, Progress>,
    settle: () => void,
  ): void {
    if (slot.task !== task) return;
    slot.task = null;
    task.detach();
    settle();
    this.pump();
    this.idleLater(slot);
  }

  /** A worker left with nothing to do is terminated after the idle timeout (unless work comes first). */
  private idleLater(slot: Slot<Job, Result, Progress, W>): void {
    if (slot.task === null && !slot.lent && slot.worker !== null) {
      slot.idleTimer = setTimeout(() => this.stopWorker(slot), this.idleTimeoutMs);
    }
  }

  private cancel(task: Task<Job, Result, Progress>): void {
    const waiting = this.queue.indexOf(task);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      this.settle(task, new EngineError('cancelled'));
      return;
    }
    const slot = this.slots.find((s) => s.task === task);
    if (!slot) return; // already settled
    this.stopWorker(slot); // the only way to stop work in progress; the next job starts a fresh worker
    this.settle(task, new EngineError('cancelled'));
    this.pump();
  }

  private stopWorker(slot: Slot<Job, Result, Progress, W>): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.worker?.terminate();
    slot.worker = null;
    slot.task = null;
    slot.lent = false;
  }

  private settle(task: Task<Job, Result, Progress>, error: EngineError): void {
    task.detach();
    task.reject(error);
  }
}
