// The tables as Kysely sees them (column names as in migrations.ts), so the queries are type-checked on both
// dialects, and the one place each table's row shape is written: the code reads a row as `Row<Table>`, the same
// columns in camelCase (readRow maps them). Only what our code queries is listed; better-auth's tables are its own,
// except "user", which the ledger references (tests add bare accounts through it).
import type { Generated, Selectable } from 'kysely';

/** The values of the tables' CHECKed text columns. */
export type LedgerKind = 'grant' | 'charge' | 'refund';
export type PaidJobState = 'pending' | 'done' | 'failed' | 'refunded';
/** Who runs a pending paid job: the server process that charged it, or a queue worker (server/paid/queue). */
export type PaidJobRunner = 'process' | 'queue';
export type StarterWithheld = 'NETWORK_LIMIT' | 'DAILY_CAP';

/** snake_case to camelCase, as a type: 'charge_entry_id' -> 'chargeEntryId'. */
type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : Name;

/** A table's row as the code reads it: its selected columns, named in camelCase. */
export type Row<Table> = {
  [Column in keyof Selectable<Table> as Camel<Column & string>]: Selectable<Table>[Column];
};

/** A row read from the database, its columns renamed to camelCase (the shape `Row<Table>` describes). */
export function readRow<Table>(row: Selectable<Table>): Row<Table> {
  const entries = Object.entries(row as Record<string, unknown>).map(([column, value]) => [
    column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
    value,
  ]);
  return Object.fromEntries(entries) as Row<Table>;
}

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

/** One grant, charge or refund; never updated or deleted (server/paid/ledger.ts). */
export interface CreditLedgerTable {
  id: string;
  user_id: string;
  kind: LedgerKind;
  /** Signed: grants and refunds are positive, charges negative. */
  amount: number;
  idempotency_key: string;
  reason: string;
  /** For a refund: the charge it gives back (part of). */
  charge_entry_id: string | null;
  created_at: Generated<string>;
}

/** The durable twin of one charge: its state, its stored answer and who runs it (server/paid/jobs.ts). */
export interface PaidJobsTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  /** 'enhance', 'implement', 'staging': part of the fingerprint, so a key cannot move between calls. */
  scope: string;
  fingerprint: string;
  cost: number;
  state: PaidJobState;
  /** 0 for the first run; a key whose job was refunded runs again as attempt + 1 with a new charge. */
  attempt: number;
  charge_entry_id: string;
  /** What the finished job kept after refunding failed images; null until it finished. */
  credits_charged: number | null;
  result_status: number | null;
  result_json: string | null;
  /** Epoch ms after which the stored answer is dropped. */
  result_expires_at: number | null;
  owner_boot_id: string;
  owner_pid: number;
  created_at: Generated<string>;
  updated_at: number;
  runner: Generated<PaidJobRunner>;
  /** The boot of the queue worker running it now; null while it waits, and for a process job. */
  worker_boot_id: string | null;
}

export interface PaidJobImagesTable {
  job_id: string;
  position: number;
  /** The photo as uploaded (Buffer on both dialects). */
  bytes: Buffer;
}

/** One running server or worker process (server/paid/liveness.ts). */
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
