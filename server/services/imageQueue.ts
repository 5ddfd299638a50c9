// The bounded queue every server image operation (header check, decode, encode: sharp and libvips) runs through:
// at most `concurrency` at once (one per CPU core by default), at most `maxQueued` waiting; past that the caller
// gets 503 SERVICE_UNAVAILABLE with a Retry-After, so a burst of visitors queues briefly or is turned away instead
// of making the process hold every photo's pixels at once. One queue per process, configured at start (index.ts).
import { availableParallelism } from 'node:os';
import { ApiError } from '../errors';

export interface ImageQueueOptions {
  /** Operations at once; 0 or unset: one per CPU core. */
  concurrency?: number;
  /** Operations allowed to wait. */
  maxQueued?: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
}

export interface ImageQueueStats {
  running: number;
  queued: number;
  refused: number;
  concurrency: number;
  maxQueued: number;
}

export class ImageQueue {
  private running = 0;
  private refused = 0;
  private readonly waiting: (() => void)[] = [];
  private concurrency = 1;
  private maxQueued = 16;
  private retryAfterSeconds = 2;

  constructor(options: ImageQueueOptions = {}) {
    this.configure(options);
  }

  configure(options: ImageQueueOptions): void {
    this.concurrency = options.concurrency || availableParallelism();
    this.maxQueued = options.maxQueued ?? this.maxQueued;
    this.retryAfterSeconds = options.retryAfterSeconds ?? this.retryAfterSeconds;
  }

  /** Runs `work` when a slot is free; throws 503 at once when the queue is full. Never nest calls (deadlock). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) {
        this.refused++;
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The server is busy with images; try again shortly', {
          retryAfterSeconds: this.retryAfterSeconds,
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  stats(): ImageQueueStats {
    return {
      running: this.running,
      queued: this.waiting.length,
      refused: this.refused,
      concurrency: this.concurrency,
      maxQueued: this.maxQueued,
    };
  }
}

/** The process's one image queue (sharp's thread pool is per process too). */
export const imageQueue = new ImageQueue();
