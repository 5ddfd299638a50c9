// The credit ledger table: SQL only, no rules. Every grant, charge and refund is one row that is never updated
// or deleted; a user's balance is the SUM of their rows (charges are stored negative). The rules (no overdraw,
// idempotency, refund limits) and the transactions around these statements live in services/credits.ts.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';

export type LedgerKind = 'grant' | 'charge' | 'refund';

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
  balance(userId: string): number;
  findByKey(idempotencyKey: string): LedgerEntry | undefined;
  findById(id: string): LedgerEntry | undefined;
  /** Credits already given back for one charge (a positive number, 0 when none). */
  refundedFor(chargeEntryId: string): number;
  insert(entry: NewLedgerEntry): LedgerEntry;
  /** A user's rows in the order they were written (tests and support use this). */
  entriesOf(userId: string): LedgerEntry[];
}

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

const COLUMNS = 'id, user_id, kind, amount, idempotency_key, reason, charge_entry_id, created_at';

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

export function createLedgerRepository(db: Db): LedgerRepository {
  // Prepared once: GET /api/credits runs the balance query on every call.
  const balanceStmt = db.prepare<[string], { balance: number }>(
    'SELECT COALESCE(SUM(amount), 0) AS balance FROM credit_ledger WHERE user_id = ?',
  );
  const byKey = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM credit_ledger WHERE idempotency_key = ?`);
  const byId = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM credit_ledger WHERE id = ?`);
  const refunded = db.prepare<[string], { total: number }>(
    "SELECT COALESCE(SUM(amount), 0) AS total FROM credit_ledger WHERE kind = 'refund' AND charge_entry_id = ?",
  );
  const insertStmt = db.prepare<[Omit<Row, 'created_at'>]>(
    `INSERT INTO credit_ledger (id, user_id, kind, amount, idempotency_key, reason, charge_entry_id)
     VALUES (@id, @user_id, @kind, @amount, @idempotency_key, @reason, @charge_entry_id)`,
  );
  // rowid keeps insertion order; created_at has one-second resolution.
  const ofUser = db.prepare<[string], Row>(
    `SELECT ${COLUMNS} FROM credit_ledger WHERE user_id = ? ORDER BY rowid`,
  );

  return {
    balance: (userId) => balanceStmt.get(userId)?.balance ?? 0,
    findByKey: (key) => {
      const row = byKey.get(key);
      return row && toEntry(row);
    },
    findById: (id) => {
      const row = byId.get(id);
      return row && toEntry(row);
    },
    refundedFor: (chargeEntryId) => refunded.get(chargeEntryId)?.total ?? 0,
    insert(entry) {
      const id = randomUUID();
      insertStmt.run({
        id,
        user_id: entry.userId,
        kind: entry.kind,
        amount: entry.amount,
        idempotency_key: entry.idempotencyKey,
        reason: entry.reason,
        charge_entry_id: entry.chargeEntryId,
      });
      return toEntry(byId.get(id)!);
    },
    entriesOf: (userId) => ofUser.all(userId).map(toEntry),
  };
}
