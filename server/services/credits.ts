// The credit rules over the append-only ledger (store/ledger.ts): grants, charges and refunds, each exactly once
// per idempotency key, and a balance that never goes below zero. Every write is one `BEGIN IMMEDIATE`
// transaction, which takes SQLite's write lock before reading the balance, so charges arriving at once (from
// this process or another one on the same file) are checked one after the other and cannot overdraw.
import { ApiError } from '../errors';
import type { Db } from '../store/db';
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
  balance(userId: string): number;
  /** One transaction; never overdraws whatever arrives at once; the same idempotencyKey charges once (replayed: true). */
  charge(input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
  }): ChargeResult | Insufficient;
  /** Gives back (part of) a charge, e.g. when the provider failed for one image; idempotent by key. */
  refund(input: {
    userId: string;
    amount: number;
    idempotencyKey: string;
    reason: string;
    chargeEntryId: string;
  }): { balance: number };
  grant(input: { userId: string; amount: number; idempotencyKey: string; reason: string }): {
    balance: number;
  };
  /**
   * A new account's starting credits, once per account, within the free-credit limits: at most `perNetworkPerDay`
   * accounts of one network get them per UTC day, and at most `dailyCap` credits go out per day server-wide.
   * Past either, the account starts with 0 and the row says why. One transaction with the ledger grant.
   */
  grantStarter(input: StarterInput): StarterGrant;
  /** What the account's start was (undefined for accounts from before the limits). */
  starterOf(userId: string): StarterGrant | undefined;
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

export function createCreditsService(db: Db): CreditsService {
  const ledger = createLedgerRepository(db);

  const charge = db.transaction(
    (input: { userId: string; amount: number; idempotencyKey: string; reason: string }) => {
      const existing = ledger.findByKey(input.idempotencyKey);
      if (existing) {
        if (!sameEntry(existing, { userId: input.userId, kind: 'charge', amount: -input.amount })) {
          throw new IdempotencyConflictError(input.idempotencyKey);
        }
        return {
          ok: true,
          balance: ledger.balance(input.userId),
          entryId: existing.id,
          replayed: true,
        } satisfies ChargeResult;
      }
      const balance = ledger.balance(input.userId);
      if (balance < input.amount) return { ok: false, balance, needed: input.amount } satisfies Insufficient;
      const entry = ledger.insert({
        userId: input.userId,
        kind: 'charge',
        amount: -input.amount,
        idempotencyKey: input.idempotencyKey,
        reason: input.reason,
        chargeEntryId: null,
      });
      return {
        ok: true,
        balance: balance - input.amount,
        entryId: entry.id,
        replayed: false,
      } satisfies ChargeResult;
    },
  );

  const refund = db.transaction(
    (input: {
      userId: string;
      amount: number;
      idempotencyKey: string;
      reason: string;
      chargeEntryId: string;
    }) => {
      const existing = ledger.findByKey(input.idempotencyKey);
      if (existing) {
        const expected = { userId: input.userId, kind: 'refund' as const, amount: input.amount };
        if (!sameEntry(existing, { ...expected, chargeEntryId: input.chargeEntryId })) {
          throw new IdempotencyConflictError(input.idempotencyKey);
        }
        return { balance: ledger.balance(input.userId) };
      }
      const chargeEntry = ledger.findById(input.chargeEntryId);
      if (!chargeEntry || chargeEntry.kind !== 'charge' || chargeEntry.userId !== input.userId) {
        throw new RangeError(`No charge ${input.chargeEntryId} of this user to refund`);
      }
      const refundable = -chargeEntry.amount - ledger.refundedFor(chargeEntry.id);
      if (input.amount > refundable) {
        throw new RangeError(
          `Refund of ${input.amount} exceeds the ${refundable} credits left of the charge`,
        );
      }
      ledger.insert({
        userId: input.userId,
        kind: 'refund',
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        reason: input.reason,
        chargeEntryId: chargeEntry.id,
      });
      return { balance: ledger.balance(input.userId) };
    },
  );

  const grant = db.transaction(
    (input: { userId: string; amount: number; idempotencyKey: string; reason: string }) => {
      const existing = ledger.findByKey(input.idempotencyKey);
      if (existing) {
        if (!sameEntry(existing, { userId: input.userId, kind: 'grant', amount: input.amount })) {
          throw new IdempotencyConflictError(input.idempotencyKey);
        }
      } else {
        ledger.insert({ ...input, kind: 'grant', chargeEntryId: null });
      }
      return { balance: ledger.balance(input.userId) };
    },
  );

  const starters = createStarterGrantRepository(db);
  const grantStarter = db.transaction((input: StarterInput): StarterGrant => {
    const existing = starters.of(input.userId);
    if (existing) return existing;
    const day = (input.now ?? new Date()).toISOString().slice(0, 10);
    let withheld: StarterWithheld | null = null;
    if (starters.grantedTo(input.network, day) >= input.perNetworkPerDay) withheld = 'NETWORK_LIMIT';
    else if (starters.creditsOn(day) + input.amount > input.dailyCap) withheld = 'DAILY_CAP';
    const record: StarterGrant = {
      userId: input.userId,
      network: input.network,
      day,
      amount: withheld === null ? input.amount : 0,
      withheld,
    };
    starters.insert(record);
    if (record.amount > 0) {
      grant({
        userId: input.userId,
        amount: record.amount,
        idempotencyKey: input.idempotencyKey,
        reason: 'signup',
      });
    }
    return record;
  });

  return {
    balance: (userId) => ledger.balance(userId),
    // .immediate: BEGIN IMMEDIATE takes the write lock before the balance is read (see the module comment).
    charge(input) {
      assertInput(input);
      return charge.immediate(input);
    },
    refund(input) {
      assertInput(input);
      return refund.immediate(input);
    },
    grant(input) {
      assertInput(input);
      return grant.immediate(input);
    },
    grantStarter(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new RangeError(`Starting credits are whole numbers above 0 (got ${input.amount})`);
      }
      return grantStarter.immediate(input);
    },
    starterOf: (userId) => starters.of(userId),
  };
}
