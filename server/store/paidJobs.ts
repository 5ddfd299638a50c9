// The paid_jobs and server_boots tables: SQL only, no rules. A paid job is the durable twin of one charge (its
// state, its stored answer, the process that owns it); the rules and the transactions that tie a job to its
// ledger entries live in services/paidJobs.ts.
import type { Db } from './db';

export type PaidJobState = 'pending' | 'done' | 'failed' | 'refunded';

export interface PaidJob {
  id: string;
  userId: string;
  idempotencyKey: string;
  scope: string;
  fingerprint: string;
  cost: number;
  state: PaidJobState;
  /** 0 for the first run; a key whose job was refunded runs again as attempt + 1 with a new charge. */
  attempt: number;
  chargeEntryId: string;
  /** What the finished job kept after refunding failed images; null until it finished. */
  creditsCharged: number | null;
  resultStatus: number | null;
  resultJson: string | null;
  /** Epoch ms after which the stored answer is dropped. */
  resultExpiresAt: number | null;
  ownerBootId: string;
  ownerPid: number;
}

export interface ServerBoot {
  bootId: string;
  pid: number;
  heartbeatAt: number;
}

interface Row {
  id: string;
  user_id: string;
  idempotency_key: string;
  scope: string;
  fingerprint: string;
  cost: number;
  state: PaidJobState;
  attempt: number;
  charge_entry_id: string;
  credits_charged: number | null;
  result_status: number | null;
  result_json: string | null;
  result_expires_at: number | null;
  owner_boot_id: string;
  owner_pid: number;
}

const COLUMNS =
  'id, user_id, idempotency_key, scope, fingerprint, cost, state, attempt, charge_entry_id, credits_charged, ' +
  'result_status, result_json, result_expires_at, owner_boot_id, owner_pid';

function toJob(row: Row): PaidJob {
  return {
    id: row.id,
    userId: row.user_id,
    idempotencyKey: row.idempotency_key,
    scope: row.scope,
    fingerprint: row.fingerprint,
    cost: row.cost,
    state: row.state,
    attempt: row.attempt,
    chargeEntryId: row.charge_entry_id,
    creditsCharged: row.credits_charged,
    resultStatus: row.result_status,
    resultJson: row.result_json,
    resultExpiresAt: row.result_expires_at,
    ownerBootId: row.owner_boot_id,
    ownerPid: row.owner_pid,
  };
}

export interface PaidJobRepository {
  findByKey(userId: string, idempotencyKey: string): PaidJob | undefined;
  findById(id: string): PaidJob | undefined;
  /** A new job, or a refunded/failed one started again (same row, next attempt, new charge). */
  upsertPending(
    job: Omit<PaidJob, 'state' | 'creditsCharged' | 'resultStatus' | 'resultJson' | 'resultExpiresAt'>,
    now: number,
  ): void;
  markDone(
    id: string,
    fields: { creditsCharged: number; status: number; json: string; expiresAt: number },
    now: number,
  ): void;
  markRefunded(id: string, state: 'failed' | 'refunded', now: number): void;
  /** Pending jobs not owned by `bootId`. */
  pendingNotOwnedBy(bootId: string): PaidJob[];
  /** Drops stored answers past their time; returns how many. */
  dropExpiredResults(now: number): number;
  countByState(): Record<PaidJobState, number>;
  registerBoot(boot: ServerBoot): void;
  heartbeat(bootId: string, now: number): void;
  removeBoot(bootId: string): void;
  boot(bootId: string): ServerBoot | undefined;
}

export function createPaidJobRepository(db: Db): PaidJobRepository {
  const byKey = db.prepare<[string, string], Row>(
    `SELECT ${COLUMNS} FROM paid_jobs WHERE user_id = ? AND idempotency_key = ?`,
  );
  const byId = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM paid_jobs WHERE id = ?`);
  const upsert = db.prepare(
    `INSERT INTO paid_jobs (id, user_id, idempotency_key, scope, fingerprint, cost, state, attempt, charge_entry_id,
       owner_boot_id, owner_pid, updated_at)
     VALUES (@id, @user_id, @idempotency_key, @scope, @fingerprint, @cost, 'pending', @attempt, @charge_entry_id,
       @owner_boot_id, @owner_pid, @now)
     ON CONFLICT (id) DO UPDATE SET state = 'pending', attempt = excluded.attempt, cost = excluded.cost,
       charge_entry_id = excluded.charge_entry_id, credits_charged = NULL, result_status = NULL,
       result_json = NULL, result_expires_at = NULL, owner_boot_id = excluded.owner_boot_id,
       owner_pid = excluded.owner_pid, updated_at = excluded.updated_at`,
  );
  const done = db.prepare(
    `UPDATE paid_jobs SET state = 'done', credits_charged = @credits, result_status = @status,
       result_json = @json, result_expires_at = @expires, updated_at = @now WHERE id = @id AND state = 'pending'`,
  );
  const refunded = db.prepare(
    `UPDATE paid_jobs SET state = @state, credits_charged = 0, updated_at = @now
     WHERE id = @id AND state = 'pending'`,
  );
  const pending = db.prepare<[string], Row>(
    `SELECT ${COLUMNS} FROM paid_jobs WHERE state = 'pending' AND owner_boot_id <> ?`,
  );
  const expire = db.prepare(
    `UPDATE paid_jobs SET result_json = NULL WHERE result_json IS NOT NULL AND result_expires_at <= ?`,
  );
  const counts = db.prepare<[], { state: PaidJobState; n: number }>(
    'SELECT state, COUNT(*) AS n FROM paid_jobs GROUP BY state',
  );
  const insertBoot = db.prepare(
    'INSERT INTO server_boots (boot_id, pid, started_at, heartbeat_at) VALUES (?, ?, ?, ?)',
  );
  const beat = db.prepare('UPDATE server_boots SET heartbeat_at = ? WHERE boot_id = ?');
  const deleteBoot = db.prepare('DELETE FROM server_boots WHERE boot_id = ?');
  const bootRow = db.prepare<[string], { boot_id: string; pid: number; heartbeat_at: number }>(
    'SELECT boot_id, pid, heartbeat_at FROM server_boots WHERE boot_id = ?',
  );

  return {
    findByKey: (userId, key) => {
      const row = byKey.get(userId, key);
      return row && toJob(row);
    },
    findById: (id) => {
      const row = byId.get(id);
      return row && toJob(row);
    },
    upsertPending(job, now) {
      upsert.run({
        id: job.id,
        user_id: job.userId,
        idempotency_key: job.idempotencyKey,
        scope: job.scope,
        fingerprint: job.fingerprint,
        cost: job.cost,
        attempt: job.attempt,
        charge_entry_id: job.chargeEntryId,
        owner_boot_id: job.ownerBootId,
        owner_pid: job.ownerPid,
        now,
      });
    },
    markDone(id, fields, now) {
      done.run({
        id,
        credits: fields.creditsCharged,
        status: fields.status,
        json: fields.json,
        expires: fields.expiresAt,
        now,
      });
    },
    markRefunded(id, state, now) {
      refunded.run({ id, state, now });
    },
    pendingNotOwnedBy: (bootId) => pending.all(bootId).map(toJob),
    dropExpiredResults: (now) => expire.run(now).changes,
    countByState() {
      const result: Record<PaidJobState, number> = { pending: 0, done: 0, failed: 0, refunded: 0 };
      for (const { state, n } of counts.all()) result[state] = n;
      return result;
    },
    registerBoot: (boot) => void insertBoot.run(boot.bootId, boot.pid, boot.heartbeatAt, boot.heartbeatAt),
    heartbeat: (bootId, now) => void beat.run(now, bootId),
    removeBoot: (bootId) => void deleteBoot.run(bootId),
    boot(bootId) {
      const row = bootRow.get(bootId);
      return row && { bootId: row.boot_id, pid: row.pid, heartbeatAt: row.heartbeat_at };
    },
  };
}
