// The credit ledger: the credit_ledger table and its rules. Every grant, charge and refund is one row, never
// updated or deleted; a user's balance is the SUM of their rows (charges are stored negative). Each entry is written
// exactly once per idempotency key, a balance never goes below zero and a refund never exceeds what is left of its
// charge. Every write is one transaction that holds the user's write lock before it reads the balance
// (store/db.ts transaction): on SQLite `BEGIN IMMEDIATE`, the file's one write lock; on PostgreSQL a
// transaction-scoped advisory lock on the user. So charges arriving at once, from this process or any other on
// the same database, are checked one after the other and cannot overdraw; a caller already in a transaction
// (the paid jobs) joins it.
//
// Why an advisory lock on PostgreSQL: the ledger is append-only and a balance is a SUM, so there is no balance row
// to lock FOR UPDATE; locking the "user" row would also block better-auth's writes to it, and SERIALIZABLE would
// make every concurrent charge of one user fail and retry. The advisory lock serialises exactly one user's ledger
// writes (readers never wait), and the UNIQUE index on idempotency_key makes each key count once whatever
// happens (a clash across users surfaces as IdempotencyConflictError).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '../errors';
import type { Database } from '../store/db';
import { readRow, type CreditLedgerTable, type LedgerKind, type Row } from '../store/schema';

export type LedgerEntry = Row<CreditLedgerTable>;

export interface ChargeResult {
  ok: true;
  balance: number;
  entryId: string;
  replayed: boolean;
}
export interface Insufficient {
  ok: false;
  balance: number;
  needed: number;
}

/** What every write names: whose credits, how many (above 0), its idempotency key, and why (kept in the row). */
export interface LedgerWrite {
  userId: string;
  amount: number;
  idempotencyKey: string;
  reason: string;
}

export interface Ledger {
  balance(userId: string): Promise<number>;
  /** Never overdraws whatever arrives at once; the same idempotencyKey charges once (replayed: true). */
  charge(input: LedgerWrite): Promise<ChargeResult | Insufficient>;
  /** Gives back (part of) a charge, e.g. when the provider failed for one image; idempotent by key. */
  refund(input: LedgerWrite & { chargeEntryId: string }): Promise<{ balance: number }>;
  grant(input: LedgerWrite): Promise<{ balance: number }>;
  /** A user's rows in the order they were written (tests and support read this). */
  entriesOf(userId: string): Promise<LedgerEntry[]>;
}

/**
 * An idempotency key that is already in the ledger for another user, kind, amount or charge. Keys are global,
 * so callers namespace them (`signup:<userId>`, `job:<jobId>#<attempt>`); a clash is a caller's bug or a forged
 * key, never something to answer with someone else's entry.
 */
export class IdempotencyConflictError extends ApiError {
  constructor(idempotencyKey: string) {
    super(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      `Idempotency key ${idempotencyKey} was used for a different ledger entry`,
    );
    this.name = 'IdempotencyConflictError';
  }
}

/** The one 402 body for too few credits, so every route that charges answers alike (SPEC section 8). */
export function insufficientCreditsError(needed: number, balance: number): ApiError {
  return new ApiError(402, 'INSUFFICIENT_CREDITS', 'Insufficient credits', {
    creditsNeeded: needed,
    credits: Math.max(0, balance),
  });
}

/** The write lock of one user's ledger (see the module comment). */
export const ledgerLock = (userId: string): string => `ledger:${userId}`;

/** Keys are opaque but bounded: they land in a UNIQUE index and in logs. */
const MAX_KEY_LENGTH = 200;

function assertWrite(input: LedgerWrite): void {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`Credit amounts are whole numbers above 0 (got ${input.amount})`);
  }
  if (!input.userId) throw new RangeError('A ledger entry needs a user id');
  if (!input.idempotencyKey || input.idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new RangeError(`An idempotency key has 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (!input.reason) throw new RangeError('A ledger entry needs a reason');
}

/** Whether an existing entry is the very one this call would have written (a replay), not a clash. */
function sameEntry(
  entry: LedgerEntry,
  expected: { userId: string; kind: LedgerKind; amount: number; chargeEntryId?: string },
): boolean {
  return (
    entry.userId === expected.userId &&
    entry.kind === expected.kind &&
    entry.amount === expected.amount &&
    (expected.chargeEntryId === undefined || entry.chargeEntryId === expected.chargeEntryId)
  );
}

/** A UNIQUE index refused the row (PostgreSQL 23505; SQLite's constraint code). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function createLedger(db: Database): Ledger {
  // Write order: SQLite's rowid; PostgreSQL's identity column seq (migration 003). created_at has one-second
  // resolution.
  const writeOrder = db.dialect === 'sqlite' ? sql`rowid` : sql`seq`;
  const rows = () => db.query().selectFrom('credit_ledger');
  // CAST: the same whole number on both dialects (PostgreSQL's SUM of an INTEGER column is a bigint).
  const sumOfAmounts = sql<number>`CAST(COALESCE(SUM(amount), 0) AS INTEGER)`.as('total');

  const balance = async (userId: string): Promise<number> => {
    const row = await rows().select(sumOfAmounts).where('user_id', '=', userId).executeTakeFirst();
    return row?.total ?? 0;
  };

  const entry = async (column: 'id' | 'idempotency_key', value: string): Promise<LedgerEntry | undefined> => {
    const row = await rows().selectAll().where(column, '=', value).executeTakeFirst();
    return row && readRow<CreditLedgerTable>(row);
  };

  /** Credits already given back for one charge (a positive number, 0 when none). */
  const refundedFor = async (chargeEntryId: string): Promise<number> => {
    const row = await rows()
      .select(sumOfAmounts)
      .where('kind', '=', 'refund')
      .where('charge_entry_id', '=', chargeEntryId)
      .executeTakeFirst();
    return row?.total ?? 0;
  };

  /** Inserts a row; a key another transaction took first is a clash, like one found by its key. */
  const insert = async (
    input: LedgerWrite & { kind: LedgerKind; chargeEntryId: string | null },
  ): Promise<string> => {
    const id = randomUUID();
    try {
      await db
        .query()
        .insertInto('credit_ledger')
        .values({
          id,
          user_id: input.userId,
          kind: input.kind,
          amount: input.amount,
          idempotency_key: input.idempotencyKey,
          reason: input.reason,
          charge_entry_id: input.chargeEntryId,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdempotencyConflictError(input.idempotencyKey);
      throw error;
    }
    return id;
  };

  const charge = async (input: LedgerWrite): Promise<ChargeResult | Insufficient> => {
    const existing = await entry('idempotency_key', input.idempotencyKey);
    if (existing) {
      if (!sameEntry(existing, { userId: input.userId, kind: 'charge', amount: -input.amount })) {
        throw new IdempotencyConflictError(input.idempotencyKey);
      }
      return { ok: true, balance: await balance(input.userId), entryId: existing.id, replayed: true };
    }
    const before = await balance(input.userId);
    if (before < input.amount) return { ok: false, balance: before, needed: input.amount };
    const entryId = await insert({ ...input, kind: 'charge', amount: -input.amount, chargeEntryId: null });
    return { ok: true, balance: before - input.amount, entryId, replayed: false };
  };

  const refund = async (input: LedgerWrite & { chargeEntryId: string }): Promise<{ balance: number }> => {
    const existing = await entry('idempotency_key', input.idempotencyKey);
    if (existing) {
      if (!sameEntry(existing, { ...input, kind: 'refund' })) {
        throw new IdempotencyConflictError(input.idempotencyKey);
      }
      return { balance: await balance(input.userId) };
    }
    const charged = await entry('id', input.chargeEntryId);
    if (!charged || charged.kind !== 'charge' || charged.userId !== input.userId) {
      throw new RangeError(`No charge ${input.chargeEntryId} of this user to refund`);
    }
    const refundable = -charged.amount - (await refundedFor(charged.id));
    if (input.amount > refundable) {
      throw new RangeError(`Refund of ${input.amount} exceeds the ${refundable} credits left of the charge`);
    }
    await insert({ ...input, kind: 'refund' });
    return { balance: await balance(input.userId) };
  };

  const grant = async (input: LedgerWrite): Promise<{ balance: number }> => {
    const existing = await entry('idempotency_key', input.idempotencyKey);
    if (!existing) await insert({ ...input, kind: 'grant', chargeEntryId: null });
    else if (!sameEntry(existing, { ...input, kind: 'grant' })) {
      throw new IdempotencyConflictError(input.idempotencyKey);
    }
    return { balance: await balance(input.userId) };
  };

  /** Input is checked before the transaction: a RangeError writes nothing and takes no lock. */
  const locked =
    <Input extends LedgerWrite, Result>(write: (input: Input) => Promise<Result>) =>
    async (input: Input): Promise<Result> => {
      assertWrite(input);
      return db.transaction([ledgerLock(input.userId)], () => write(input));
    };

  return {
    balance,
    charge: locked(charge),
    refund: locked(refund),
    grant: locked(grant),
    async entriesOf(userId) {
      const found = await rows().selectAll().where('user_id', '=', userId).orderBy(writeOrder).execute();
      return found.map((row) => readRow<CreditLedgerTable>(row));
    },
  };
}
