// The tables as Kysely sees them (column names as in migrations.ts), so the repositories' queries are type-checked
// on both dialects. Only what our code queries is listed; better-auth's tables are its own, except "user", which
// the ledger references (tests add bare accounts through it).
import type { Generated } from 'kysely';

/** The values of the tables' CHECKed text columns (the repositories export them to their callers). */
export type LedgerKind = 'grant' | 'charge' | 'refund';
export type PaidJobState = 'pending' | 'done' | 'failed' | 'refunded';
export type PaidJobRunner = 'process' | 'queue';
export type StarterWithheld = 'NETWORK_LIMIT' | 'DAILY_CAP';

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  /** 0/1 on SQLite, boolean on PostgreSQL (better-auth writes what the dialect supports). */
  emailVerified: number | boolean;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  kind: LedgerKind;
  amount: number;
  idempotency_key: string;
  reason: string;
  charge_entry_id: string | null;
  created_at: Generated<string>;
}

export interface PaidJobsTable {
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
  created_at: Generated<string>;
  updated_at: number;
  /** 'process': the server that charged runs it; 'queue': a queue worker does (server/queue). */
  runner: Generated<PaidJobRunner>;
  /** The boot of the queue worker running it now; null while it waits. */
  worker_boot_id: string | null;
}

export interface PaidJobImagesTable {
  job_id: string;
  position: number;
  /** The photo as uploaded (Buffer on both dialects). */
  bytes: Buffer;
}

export interface ServerBootsTable {
  boot_id: string;
  pid: number;
  /** os.hostname() of the process: a pid says something only on its own machine. */
  host: string;
  started_at: number;
  heartbeat_at: number;
}

export interface StarterGrantsTable {
  user_id: string;
  network: string;
  day: string;
  amount: number;
  withheld: StarterWithheld | null;
  created_at: Generated<string>;
}

export interface RateLimitWindowsTable {
  key: string;
  hits: number;
  /** Epoch ms when the current window ends. */
  expires_at: number;
}

export interface Schema {
  app_meta: AppMetaTable;
  user: UserTable;
  credit_ledger: CreditLedgerTable;
  paid_jobs: PaidJobsTable;
  paid_job_images: PaidJobImagesTable;
  server_boots: ServerBootsTable;
  starter_grants: StarterGrantsTable;
  rate_limit_windows: RateLimitWindowsTable;
}
