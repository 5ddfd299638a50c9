// The credit rules over the append-only ledger (store/ledger.ts): grants, charges and refunds, each exactly once
// per idempotency key, and a balance that never goes below zero. Every write is one transaction that holds the
// user's write lock before it reads the balance (store/db.ts transaction): on SQLite `BEGIN IMMEDIATE`, the file's
// one write lock; on PostgreSQL a transaction-scoped advisory lock on the user. So charges arriving at once, from
// this process or any other on the same database, are checked one after the other and cannot overdraw.
//
// Why an advisory lock on PostgreSQL: the ledger is append-only and a balance is a SUM, so there is no balance row
// to lock FOR UPDATE; locking the "user" row would also block better-auth's writes to it, and SERIALIZABLE would
// make every concurrent charge of one user fail and retry. The advisory lock serialises exactly one user's ledger
// writes (readers never wait), and the UNIQUE index on idempotency_key makes each key count once whatever
// happens (a clash across users surfaces as IdempotencyConflictError).
import { ApiError } from '../errors';
import type { Database } from '../store/db';
import { createLedgerRepository, type LedgerEntry, type LedgerKind } from '../store/ledger';
import {
  createStarterGrantRepository,
  type StarterGrant,
  type StarterWithheld,
} from '../store/starterGrants';

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

export interface CreditsService {
  balance(userId: string): Promise<number>;
  /** One transaction; never overdraws whatever arrives at once; the same idempotencyKey charges once (replayed: true). */
  charge(input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
  }): Promise<ChargeResult | Insufficient>;
  /** Gives back (part of) a charge, e.g. when the provider failed for one image; idempotent by key. */
  refund(input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
    chargeEntryId: string;
  }): Promise<{ balance: number }>;
  grant(input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
  }): Promise<{ balance: number }>;
  /**
   * A new account's starting credits, once per account, within the free-credit limits: at most `perNetworkPerDay`
   * accounts of one network get them per UTC day, and at most `dailyCap` credits go out per day server-wide.
   * Past either, the account starts with 0 and the row says why. One transaction with the ledger grant.
   */
  grantStarter(input: StarterInput): Promise<StarterGrant>;
  /** What the account's start was (undefined for accounts from before the limits). */
  starterOf(userId: string): Promise<StarterGrant | undefined>;
}

export interface StarterInput {
  userId: string;
  amount: number;
  /** IPv4 address or IPv6 /64 of the sign-up (middleware/clientNetwork.ts); 'unknown' when not known. */
  network: string;
  perNetworkPerDay: number;
  dailyCap: number;
  /** The ledger key of the grant (auth.ts signupGrantKey). */
  idempotencyKey: string;
  now?: Date;
}

export type { StarterGrant };

/**
 * An idempotency key that is already in the ledger for another user, kind, amount or charge. Keys are global,
 * so callers namespace them (`signup:<userId>`, `enhance:<userId>:<client key>`); a clash is a caller's bug
 * or a forged key, never something to answer with someone else's entry.
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

/** Keys are opaque but bounded: they land in a UNIQUE index and in logs. */
const MAX_KEY_LENGTH = 200;

function assertInput(input: {
  userId: string;
  amount: number;
  idempotencyKey: string;
  reason: string;
}): void {
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

/** The write lock of one user's ledger (see the module comment). */
export const ledgerLock = (userId: string): string => `ledger:${userId}`;
/** Sign-ups' starting credits are counted per network and day server-wide: one lock for all of them. */
const STARTER_LOCK = 'starter-grants';

/** A UNIQUE index refused the row (PostgreSQL 23505; SQLite's constraint code). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function createCreditsService(db: Database): CreditsService {
  const ledger = createLedgerRepository(db);
  const starters = createStarterGrantRepository(db);

  /** Inserts a ledger row; a key another transaction took first is a clash, like one found by findByKey. */
  const insert = async (entry: Parameters<typeof ledger.insert>[0]) => {
    try {
      return await ledger.insert(entry);
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdempotencyConflictError(entry.idempotencyKey);
      throw error;
    }
  };

  const charge = async (input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
  }): Promise<ChargeResult | Insufficient> => {
    const existing = await ledger.findByKey(input.idempotencyKey);
    if (existing) {
      if (!sameEntry(existing, { userId: input.userId, kind: 'charge', amount: -input.amount })) {
        throw new IdempotencyConflictError(input.idempotencyKey);
      }
      return {
        ok: true,
        balance: await ledger.balance(input.userId),
        entryId: existing.id,
        replayed: true,
      };
    }
    const balance = await ledger.balance(input.userId);
    if (balance < input.amount) return { ok: false, balance, needed: input.amount };
    const entry = await insert({
      userId: input.userId,
      kind: 'charge',
      amount: -input.amount,
      idempotencyKey: input.idempotencyKey,
      reason: input.reason,
      chargeEntryId: null,
    });
    return { ok: true, balance: balance - input.amount, entryId: entry.id, replayed: false };
  };

  const refund = async (input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
    chargeEntryId: string;
  }): Promise<{ balance: number }> => {
    const existing = await ledger.findByKey(input.idempotencyKey);
    if (existing) {
      const expected = { userId: input.userId, kind: 'refund' as const, amount: input.amount };
      if (!sameEntry(existing, { ...expected, chargeEntryId: input.chargeEntryId })) {
        throw new IdempotencyConflictError(input.idempotencyKey);
      }
      return { balance: await ledger.balance(input.userId) };
    }
    const chargeEntry = await ledger.findById(input.chargeEntryId);
    if (!chargeEntry || chargeEntry.kind !== 'charge' || chargeEntry.userId !== input.userId) {
      throw new RangeError(`No charge ${input.chargeEntryId} of this user to refund`);
    }
    const refundable = -chargeEntry.amount - (await ledger.refundedFor(chargeEntry.id));
    if (input.amount > refundable) {
      throw new RangeError(`Refund of ${input.amount} exceeds the ${refundable} credits left of the charge`);
    }
    await insert({
      userId: input.userId,
      kind: 'refund',
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
      reason: input.reason,
      chargeEntryId: chargeEntry.id,
    });
    return { balance: await ledger.balance(input.userId) };
  };

  const grant = async (input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
  }): Promise<{ balance: number }> => {
    const existing = await ledger.findByKey(input.idempotencyKey);
    if (existing) {
      if (!sameEntry(existing, { userId: input.userId, kind: 'grant', amount: input.amount })) {
        throw new IdempotencyConflictError(input.idempotencyKey);
      }
    } else {
      await insert({ ...input, kind: 'grant', chargeEntryId: null });
    }
    return { balance: await ledger.balance(input.userId) };
  };

  const grantStarter = async (input: StarterInput): Promise<StarterGrant> => {
    const existing = await starters.of(input.userId);
    if (existing) return existing;
    const day = (input.now ?? new Date()).toISOString().slice(0, 10);
    let withheld: StarterWithheld | null = null;
    if ((await starters.grantedTo(input.network, day)) >= input.perNetworkPerDay) withheld = 'NETWORK_LIMIT';
    else if ((await starters.creditsOn(day)) + input.amount > input.dailyCap) withheld = 'DAILY_CAP';
    const record: StarterGrant = {
      userId: input.userId,
      network: input.network,
      day,
      amount: withheld === null ? input.amount : 0,
      withheld,
    };
    await starters.insert(record);
    if (record.amount > 0) {
      await grant({
        userId: input.userId,
        amount: record.amount,
        idempotencyKey: input.idempotencyKey,
        reason: 'signup',
      });
    }
    return record;
  };

  // Input is checked before the transaction (a RangeError writes nothing and takes no lock).
  return {
    balance: (userId) => ledger.balance(userId),
    async charge(input) {
      assertInput(input);
      return db.transaction([ledgerLock(input.userId)], () => charge(input));
    },
    async refund(input) {
      assertInput(input);
      return db.transaction([ledgerLock(input.userId)], () => refund(input));
    },
    async grant(input) {
      assertInput(input);
      return db.transaction([ledgerLock(input.userId)], () => grant(input));
    },
    async grantStarter(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new RangeError(`Starting credits are whole numbers above 0 (got ${input.amount})`);
      }
      return db.transaction([STARTER_LOCK, ledgerLock(input.userId)], () => grantStarter(input));
    },
    starterOf: (userId) => starters.of(userId),
  };
}
