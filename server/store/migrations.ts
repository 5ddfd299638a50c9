// The database schema as an ordered list of SQL migrations, one list for both dialects. Migration N (1-based
// position in the list) is applied once, in its own transaction, and recorded (SQLite: `PRAGMA user_version`;
// PostgreSQL: the schema_version table), see migrate.ts. `sql` is written for SQLite and used on PostgreSQL too
// unless the migration has a `postgres` text of its own (its types differ: boolean, timestamptz, bigint for
// epoch milliseconds, an identity column where SQLite has rowid). Both texts must describe the same schema.
// NEVER edit or reorder a migration that has shipped: databases out there already ran it. Append a new one.

export interface Migration {
  /** Short, unique, for logs and error messages. */
  name: string;
  sql: string;
  /** The PostgreSQL text when `sql` is not portable. */
  postgres?: string;
}

/** SQLite's CURRENT_TIMESTAMP text ('YYYY-MM-DD HH:MM:SS', UTC), so both dialects store the same created_at. */
const PG_NOW_TEXT = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')";

export const MIGRATIONS: readonly Migration[] = [
  {
    name: '001_app_meta',
    sql: `
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      INSERT INTO app_meta (key, value) VALUES ('created_at', CAST(CURRENT_TIMESTAMP AS TEXT));
    `,
    postgres: `
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      INSERT INTO app_meta (key, value) VALUES ('created_at', ${PG_NOW_TEXT});
    `,
  },
  {
    // better-auth's tables for email-and-password accounts, exactly as its own migrator writes them for SQLite
    // (better-auth/db/migration getMigrations; tests/server/auth.test.ts fails if they ever drift apart).
    // Quoted camelCase names are better-auth's; "user" is quoted because it is reserved in PostgreSQL.
    name: '002_auth',
    sql: `
      CREATE TABLE "user" ("id" text not null primary key, "name" text not null, "email" text not null unique,
        "emailVerified" integer not null, "image" text, "createdAt" date not null, "updatedAt" date not null);
      CREATE TABLE "session" ("id" text not null primary key, "expiresAt" date not null,
        "token" text not null unique, "createdAt" date not null, "updatedAt" date not null, "ipAddress" text,
        "userAgent" text, "userId" text not null references "user" ("id") on delete cascade);
      CREATE TABLE "account" ("id" text not null primary key, "accountId" text not null,
        "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade,
        "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" date,
        "refreshTokenExpiresAt" date, "scope" text, "password" text, "createdAt" date not null,
        "updatedAt" date not null);
      CREATE TABLE "verification" ("id" text not null primary key, "identifier" text not null,
        "value" text not null, "expiresAt" date not null, "createdAt" date not null, "updatedAt" date not null);
      CREATE INDEX "session_userId_idx" ON "session" ("userId");
      CREATE INDEX "account_userId_idx" ON "account" ("userId");
      CREATE INDEX "verification_identifier_idx" ON "verification" ("identifier");
    `,
    // What better-auth's migrator writes for PostgreSQL (booleans and dates of its own type).
    postgres: `
      CREATE TABLE "user" ("id" text not null primary key, "name" text not null, "email" text not null unique,
        "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
        "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
      CREATE TABLE "session" ("id" text not null primary key, "expiresAt" timestamptz not null,
        "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
        "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text,
        "userId" text not null references "user" ("id") on delete cascade);
      CREATE TABLE "account" ("id" text not null primary key, "accountId" text not null,
        "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade,
        "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz,
        "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text,
        "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null);
      CREATE TABLE "verification" ("id" text not null primary key, "identifier" text not null,
        "value" text not null, "expiresAt" timestamptz not null,
        "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
        "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
      CREATE INDEX "session_userId_idx" ON "session" ("userId");
      CREATE INDEX "account_userId_idx" ON "account" ("userId");
      CREATE INDEX "verification_identifier_idx" ON "verification" ("identifier");
    `,
  },
  {
    // The credit ledger (server/paid/ledger.ts): append-only, the balance is SUM(amount) per user.
    // The UNIQUE idempotency key is what makes a retried charge, refund or grant happen once.
    // No ON DELETE: ledger rows are the money trail and outlive nothing silently.
    name: '003_credit_ledger',
    sql: `
      CREATE TABLE credit_ledger (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES "user" ("id"),
        kind TEXT NOT NULL CHECK (kind IN ('grant', 'charge', 'refund')),
        amount INTEGER NOT NULL CHECK (
          (kind = 'charge' AND amount < 0) OR (kind IN ('grant', 'refund') AND amount > 0)
        ),
        idempotency_key TEXT NOT NULL UNIQUE,
        reason TEXT NOT NULL,
        charge_entry_id TEXT REFERENCES credit_ledger (id),
        created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
        CHECK ((kind = 'refund') = (charge_entry_id IS NOT NULL))
      );
      CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, amount);
      CREATE INDEX credit_ledger_charge_idx ON credit_ledger (charge_entry_id);
    `,
    // seq: the write order (SQLite has its rowid). One user's rows are written under that user's lock
    // (paid/ledger.ts), so for one user seq order is commit order.
    postgres: `
      CREATE TABLE credit_ledger (
        id TEXT PRIMARY KEY,
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
        user_id TEXT NOT NULL REFERENCES "user" ("id"),
        kind TEXT NOT NULL CHECK (kind IN ('grant', 'charge', 'refund')),
        amount INTEGER NOT NULL CHECK (
          (kind = 'charge' AND amount < 0) OR (kind IN ('grant', 'refund') AND amount > 0)
        ),
        idempotency_key TEXT NOT NULL UNIQUE,
        reason TEXT NOT NULL,
        charge_entry_id TEXT REFERENCES credit_ledger (id),
        created_at TEXT NOT NULL DEFAULT ${PG_NOW_TEXT},
        CHECK ((kind = 'refund') = (charge_entry_id IS NOT NULL))
      );
      CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, amount);
      CREATE INDEX credit_ledger_charge_idx ON credit_ledger (charge_entry_id);
    `,
  },
  {
    // Paid jobs (server/paid/jobs.ts): the charge and the job are one durable record, so a crash between
    // charging and answering is found at the next start and refunded. One row per user and Idempotency-Key;
    // state pending -> done | failed | refunded; a finished job keeps its answer until result_expires_at.
    // server_boots records each running server process (boot id, pid, heartbeat) so that a start can tell a
    // pending job of a dead process from one of a live process on the same file.
    name: '004_paid_jobs',
    sql: `
      CREATE TABLE paid_jobs (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES "user" ("id"),
        idempotency_key TEXT NOT NULL,
        scope TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        cost INTEGER NOT NULL CHECK (cost > 0),
        state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed', 'refunded')),
        attempt INTEGER NOT NULL,
        charge_entry_id TEXT NOT NULL REFERENCES credit_ledger (id),
        credits_charged INTEGER,
        result_status INTEGER,
        result_json TEXT,
        result_expires_at INTEGER,
        owner_boot_id TEXT NOT NULL,
        owner_pid INTEGER NOT NULL,
        created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at INTEGER NOT NULL,
        UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX paid_jobs_state_idx ON paid_jobs (state, owner_boot_id);
      CREATE TABLE server_boots (
        boot_id TEXT PRIMARY KEY,
        pid INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL
      );
    `,
    // Epoch milliseconds need BIGINT on PostgreSQL (SQLite's INTEGER is 64-bit already).
    postgres: `
      CREATE TABLE paid_jobs (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES "user" ("id"),
        idempotency_key TEXT NOT NULL,
        scope TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        cost INTEGER NOT NULL CHECK (cost > 0),
        state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed', 'refunded')),
        attempt INTEGER NOT NULL,
        charge_entry_id TEXT NOT NULL REFERENCES credit_ledger (id),
        credits_charged INTEGER,
        result_status INTEGER,
        result_json TEXT,
        result_expires_at BIGINT,
        owner_boot_id TEXT NOT NULL,
        owner_pid INTEGER NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${PG_NOW_TEXT},
        updated_at BIGINT NOT NULL,
        UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX paid_jobs_state_idx ON paid_jobs (state, owner_boot_id);
      CREATE TABLE server_boots (
        boot_id TEXT PRIMARY KEY,
        pid INTEGER NOT NULL,
        started_at BIGINT NOT NULL,
        heartbeat_at BIGINT NOT NULL
      );
    `,
  },
  {
    // Starter credits (auth/starterCredits.ts): one row per new account saying what it was given and
    // from which network (IPv4 address or IPv6 /64) on which UTC day, so the per-network and per-day limits are
    // counted in the same transaction that grants. amount 0 with a reason: the account started with nothing.
    name: '005_starter_grants',
    sql: `
      CREATE TABLE starter_grants (
        user_id TEXT PRIMARY KEY REFERENCES "user" ("id"),
        network TEXT NOT NULL,
        day TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount >= 0),
        withheld TEXT CHECK (withheld IN ('NETWORK_LIMIT', 'DAILY_CAP')),
        created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
      );
      CREATE INDEX starter_grants_network_idx ON starter_grants (network, day);
      CREATE INDEX starter_grants_day_idx ON starter_grants (day);
    `,
    postgres: `
      CREATE TABLE starter_grants (
        user_id TEXT PRIMARY KEY REFERENCES "user" ("id"),
        network TEXT NOT NULL,
        day TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount >= 0),
        withheld TEXT CHECK (withheld IN ('NETWORK_LIMIT', 'DAILY_CAP')),
        created_at TEXT NOT NULL DEFAULT ${PG_NOW_TEXT}
      );
      CREATE INDEX starter_grants_network_idx ON starter_grants (network, day);
      CREATE INDEX starter_grants_day_idx ON starter_grants (day);
    `,
  },
  {
    // The heartbeat drops stored answers past their time every few seconds: only rows still holding one are
    // indexed, so that sweep stays cheap however many finished jobs the table keeps.
    name: '006_paid_jobs_expiry_idx',
    sql: `
      CREATE INDEX paid_jobs_expiry_idx ON paid_jobs (result_expires_at) WHERE result_json IS NOT NULL;
    `,
  },
  {
    // Servers on several machines share one PostgreSQL: a pid is only worth checking on its own host, so each
    // boot records its host name (paid/liveness.ts); elsewhere only the heartbeat counts.
    name: '007_server_boots_host',
    sql: `
      ALTER TABLE server_boots ADD COLUMN host TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    // The job queue of the PostgreSQL deployment (server/paid/queue): a paid job run by a queue worker says so
    // (runner 'queue'), so the recovery of dead server processes leaves it to the queue's retries; the worker
    // that runs it now records its boot; the photos wait in paid_job_images until the job is settled.
    name: '008_paid_job_queue',
    sql: `
      ALTER TABLE paid_jobs ADD COLUMN runner TEXT NOT NULL DEFAULT 'process' CHECK (runner IN ('process', 'queue'));
      ALTER TABLE paid_jobs ADD COLUMN worker_boot_id TEXT;
      CREATE TABLE paid_job_images (
        job_id TEXT NOT NULL REFERENCES paid_jobs (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        PRIMARY KEY (job_id, position)
      );
    `,
    postgres: `
      ALTER TABLE paid_jobs ADD COLUMN runner TEXT NOT NULL DEFAULT 'process' CHECK (runner IN ('process', 'queue'));
      ALTER TABLE paid_jobs ADD COLUMN worker_boot_id TEXT;
      CREATE TABLE paid_job_images (
        job_id TEXT NOT NULL REFERENCES paid_jobs (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (job_id, position)
      );
    `,
  },
  {
    // Rate limits and the analysis pixel budget (store/rateLimitWindows.ts): one counter per key (limiter and
    // client) with its window, added to atomically (one upsert), so every server process on the database counts
    // together. A window starts with the key's first hit after the last one ended (expires_at); ended rows are
    // swept from time to time.
    name: '009_rate_limit_windows',
    sql: `
      CREATE TABLE rate_limit_windows (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX rate_limit_windows_expiry_idx ON rate_limit_windows (expires_at);
    `,
    postgres: `
      CREATE TABLE rate_limit_windows (
        key TEXT PRIMARY KEY,
        hits BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX rate_limit_windows_expiry_idx ON rate_limit_windows (expires_at);
    `,
  },
];
