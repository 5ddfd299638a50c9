// A stand-in for a Web Worker the test steers by hand: it records the jobs it was given and settles them, reports
// progress or crashes when told to. Used to test the pool and the bridge in Node.

import type { BandOffer } from '../../../core/imaging/bands';
import type { PoolWorker, WorkerFactory } from '../../../web/engine/pool';

export interface FakeCall<Job, Result, Progress> {
  job: Job;
  onProgress: (progress: Progress) => void;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
  /** Other slots free when it started (the pool's third argument). */
  freeSlots: number;
}

export class FakeWorker<Job, Result, Progress> implements PoolWorker<Job, Result, Progress> {
  readonly calls: FakeCall<Job, Result, Progress>[] = [];
  /** Offers it was lent to, each settled by hand through `helpDone`. */
  readonly helping: { offer: BandOffer; done: () => void }[] = [];
  terminated = false;

  constructor(
    readonly id: number,
    private readonly onCrash: (reason: string) => void,
    private readonly answer?: (job: Job) => Result | Promise<Result>,
  ) {}

  run(job: Job, onProgress: (progress: Progress) => void, freeSlots = 0): Promise<Result> {
    if (this.terminated) throw new Error(`worker ${this.id} used after terminate`);
    return new Promise<Result>((resolve, reject) => {
      this.calls.push({ job, onProgress, resolve, reject, freeSlots });
      if (this.answer)
        Promise.resolve()
          .then(() => this.answer!(job))
          .then(resolve, reject);
    });
  }

  help(offer: BandOffer): Promise<number> {
    if (this.terminated) throw new Error(`worker ${this.id} used after terminate`);
    return new Promise<number>((resolve) => this.helping.push({ offer, done: () => resolve(0) }));
  }

  terminate(): void {
    this.terminated = true;
  }

  /** The last job it was given. */
  get current(): FakeCall<Job, Result, Progress> {
    const call = this.calls.at(-1);
    if (!call) throw new Error(`worker ${this.id} has no job`);
    return call;
  }

  crash(reason = 'boom'): void {
    this.onCrash(reason);
  }
}

/** A factory that remembers every worker it started; `answer` settles jobs automatically when given. */
export function fakeWorkers<Job, Result, Progress>(answer?: (job: Job) => Result | Promise<Result>) {
  const started: FakeWorker<Job, Result, Progress>[] = [];
  /** What each worker was given to lend its photo's rows to the others (the bridge's factory argument). */
  const lends: ((offer: BandOffer) => void)[] = [];
  const factory = (onCrash: (reason: string) => void, lend?: (offer: BandOffer) => void) => {
    const worker = new FakeWorker<Job, Result, Progress>(started.length, onCrash, answer);
    started.push(worker);
    if (lend) lends.push(lend);
    return worker;
  };
  return { factory: factory satisfies WorkerFactory<Job, Result, Progress>, started, lends };
}

/** Lets pending promise callbacks run (microtasks only, so it works under fake timers too). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
