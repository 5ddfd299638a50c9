// The credit ledger table: SQL only, no rules. Every grant, charge and refund is one row that is never updated
// or deleted; a user's balance is the SUM of their rows (charges are stored negative). The rules (no overdraw,
// idempotency, refund limits) and the transactions around these statements live in services/credits.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './db';

import type { LedgerKind } from './schema';

export type { LedgerKind };

export interface LedgerEntry {
  id: string;
  userId: string;
  kind: LedgerKind;
  /** Signed: grants and refunds are positive, charges negative. */
  amount: number;
  idempotencyKey: string;
  reason: string;
  /** For a refund: the charge it gives back (part of). */
  chargeEntryId: string | null;
  createdAt: string;
}

export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'createdAt'>;

export interface LedgerRepository {
  balance(userId: string): Promise<number>;
  findByKey(idempotencyKey: string): Promise<LedgerEntry | undefined>;
  findById(id: string): Promise<LedgerEntry | undefined>;
  /** Credits already given back for one charge (a positive number, 0 when none). */
  refundedFor(chargeEntryId: string): Promise<number>;
  insert(entry: NewLedgerEntry): Promise<LedgerEntry>;
  /** A user's rows in the order they were written (tests and support use this). */
  entriesOf(userId: string): Promise<LedgerEntry[]>;
}

const COLUMNS = [
  'id',
  'user_id',
  'kind',
  'amount',
  'idempotency_key',
  'reason',
  'charge_entry_id',
  'created_at',
] as const;

interface Row {
  id: string;
  user_id: string;
  kind: LedgerKind;
  amount: number;
  idempotency_key: string;
  reason: string;
  charge_entry_id: string | null;
  created_at: string;
}

function toEntry(row: Row): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    amount: row.amount,
    idempotencyKey: row.idempotency_key,
    reason: row.reason,
    chargeEntryId: row.charge_entry_id,
    createdAt: row.created_at,
  };
}

export function createLedgerRepository(db: Database): LedgerRepository {
  // Write order: SQLite's rowid; PostgreSQL's identity column seq (migration 003). created_at has one-second
  // resolution.
  const writeOrder = db.dialect === 'sqlite' ? sql`rowid` : sql`seq`;
  const one = async (column: 'id' | 'idempotency_key', value: string) => {
    const row = await db
      .query()
      .selectFrom('credit_ledger')
      .select(COLUMNS)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toEntry(row);
  };

  return {
    async balance(userId) {
      // CAST: the same whole number on both dialects (PostgreSQL's SUM of an INTEGER column is a bigint).
      const row = await db
        .query()
        .selectFrom('credit_ledger')
        .select(sql<number>`CAST(COALESCE(SUM(amount), 0) AS INTEGER)`.as('balance'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },
    findByKey: (key) => one('idempotency_key', key),
    findById: (id) => one('id', id),
    async refundedFor(chargeEntryId) {
      const row = await db
        .query()
        .selectFrom('credit_ledger')
        .select(sql<number>`CAST(COALESCE(SUM(amount), 0) AS INTEGER)`.as('total'))
        .where('kind', '=', 'refund')
        .where('charge_entry_id', '=', chargeEntryId)
        .executeTakeFirst();
      return row?.total ?? 0;
    },
    async insert(entry) {
      const row = await db
        .query()
        .insertInto('credit_ledger')
        .values({
          id: randomUUID(),
          user_id: entry.userId,
          kind: entry.kind,
          amount: entry.amount,
          idempotency_key: entry.idempotencyKey,
          reason: entry.reason,
          charge_entry_id: entry.chargeEntryId,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toEntry(row);
    },
    async entriesOf(userId) {
      const rows = await db
        .query()
        .selectFrom('credit_ledger')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .orderBy(writeOrder)
        .execute();
      return rows.map(toEntry);
    },
  };
}
