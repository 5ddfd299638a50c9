// Which server and queue-worker processes are alive, so that the paid work of a dead one is refunded or run
// again. Every process records a boot row in server_boots (its id, host and pid) and beats its heartbeat; a boot
// is gone when its row is missing, its heartbeat is stale (on any machine), or, on the same host, its pid is dead
// (`process.kill(pid, 0)`). The paid jobs (jobs.ts) ask it before refunding a job of another process, the queue
// worker (queue/worker.ts) before running a dead worker's job again; both processes build one (compose.ts,
// worker.ts).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logger';
import type { Database } from '../store/db';

export interface LivenessOptions {
  db: Database;
  logger: Logger;
  /** How often the heartbeat beats (default 10 s). */
  heartbeatMs?: number;
  /** A process whose heartbeat is older than this is gone, whatever its pid says (default three beats). */
  staleAfterMs?: number;
  now?: () => number;
  /** Whether a process id on this machine is alive; a test may fake it. */
  isAlive?: (pid: number) => boolean;
  /** This machine's name (default os.hostname()); pids are compared only between boots of one host. */
  host?: string;
  /** This process's id as recorded with its boot and jobs (default process.pid; a test may stand in another). */
  pid?: number;
}

export interface Liveness {
  /** This process's boot: a fresh id per start, so a restarted process never passes for its dead self. */
  readonly bootId: string;
  readonly pid: number;
  /** How old a heartbeat may get before its process counts as gone. */
  readonly staleAfterMs: number;
  /**
   * Records this process's boot row, once (every later call waits for that insert). Whatever this process takes
   * on must wait for it: a job owned by a boot no other process can find would look gone.
   */
  register(): Promise<void>;
  /** Whether the process of `bootId` is gone: no boot row, a stale heartbeat, or a dead pid on this host. */
  isGone(bootId: string): Promise<boolean>;
  /**
   * Registers this process and beats its heartbeat every heartbeatMs, running `afterBeat` after each beat (the
   * paid jobs' recovery). The timer is unref'd: it never holds the process open.
   */
  start(afterBeat: () => Promise<void>): Promise<void>;
  /** Stops the heartbeat and removes this process's boot row. */
  stop(): Promise<void>;
}

const DEFAULT_HEARTBEAT_MS = 10_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function createLiveness(options: LivenessOptions): Liveness {
  const { db, logger } = options;
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? heartbeatMs * 3;
  const isAlive = options.isAlive ?? pidAlive;
  const host = options.host ?? hostname();
  const pid = options.pid ?? process.pid;
  const bootId = randomUUID();
  const boots = () => db.query().selectFrom('server_boots');
  let registration: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let beating = false;

  const insertBoot = async (): Promise<void> => {
    const startedAt = now();
    await db
      .query()
      .insertInto('server_boots')
      .values({ boot_id: bootId, pid, host, started_at: startedAt, heartbeat_at: startedAt })
      .execute();
  };
  const register = (): Promise<void> =>
    (registration ??= insertBoot().catch((error: unknown) => {
      // Try again with the next call rather than failing every call of this process.
      registration = undefined;
      throw error;
    }));

  const isGone = async (otherBootId: string): Promise<boolean> => {
    if (otherBootId === bootId) return false;
    const boot = await boots()
      .select(['pid', 'host', 'heartbeat_at'])
      .where('boot_id', '=', otherBootId)
      .executeTakeFirst();
    if (!boot) return true;
    if (now() - boot.heartbeat_at > staleAfterMs) return true;
    // A pid means something only on its own machine; elsewhere the heartbeat above decides.
    return boot.host === host && boot.pid !== pid && !isAlive(boot.pid);
  };

  const beat = async (afterBeat: () => Promise<void>): Promise<void> => {
    // The database was closed (a test's server stopped) without stop(): nothing left to watch.
    if (!db.open) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    // A slow database must not pile up heartbeats.
    if (beating) return;
    beating = true;
    try {
      await db
        .query()
        .updateTable('server_boots')
        .set({ heartbeat_at: now() })
        .where('boot_id', '=', bootId)
        .execute();
      await afterBeat();
    } catch (error) {
      if (db.open) logger.error({ err: error }, 'heartbeat failed');
    } finally {
      beating = false;
    }
  };

  return {
    bootId,
    pid,
    staleAfterMs,
    register,
    isGone,
    async start(afterBeat) {
      await register();
      timer ??= setInterval(() => void beat(afterBeat), heartbeatMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      if (registration && db.open) {
        await registration;
        await db.query().deleteFrom('server_boots').where('boot_id', '=', bootId).execute();
      }
      registration = undefined;
    },
  };
}
