// The credit ledger's rules on a real database (SQLite file, or PostgreSQL in the server-pg project): grants,
// charges and refunds, each once per idempotency key; no overdraw; refunds bounded by their charge; the table
// stays append-only with signed amounts.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../../server/errors';
import {
  createLedger,
  IdempotencyConflictError,
  insufficientCreditsError,
  type Ledger,
} from '../../server/paid/ledger';
import type { Database } from '../../server/store/db';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { addUser } from './auth.helpers';

let test: TestDatabase;
let db: Database;
let credits: Ledger;

beforeEach(async () => {
  test = await openTestDatabase('credits');
  db = test.db;
  credits = createLedger(db);
  await addUser(db, 'u1');
  await addUser(db, 'u2');
});
afterEach(async () => {
  await test.close();
});

const grant = (userId: string, amount: number, key = `grant:${userId}:${amount}`) =>
  credits.grant({ userId, amount, idempotencyKey: key, reason: 'test' });
const charge = (userId: string, amount: number, key: string) =>
  credits.charge({ userId, amount, idempotencyKey: key, reason: 'enhance' });

describe('#balance', () => {
  it('is 0 for a user without entries and for an unknown user', async () => {
    expect(await credits.balance('u1')).toBe(0);
    expect(await credits.balance('nobody')).toBe(0);
  });

  it('is the sum of grants, charges and refunds', async () => {
    await grant('u1', 10);
    const charged = await charge('u1', 4, 'c1');
    if (!charged.ok) throw new Error('charge failed');
    await credits.refund({
      userId: 'u1',
      amount: 1,
      idempotencyKey: 'r1',
      reason: 'failed image',
      chargeEntryId: charged.entryId,
    });
    expect(await credits.balance('u1')).toBe(7);
    expect(await credits.balance('u2')).toBe(0);
  });
});

describe('#grant', () => {
  it('adds credits once per key and answers the balance', async () => {
    expect(await grant('u1', 10, 'signup:u1')).toEqual({ balance: 10 });
    expect(await grant('u1', 10, 'signup:u1')).toEqual({ balance: 10 });
    expect(await grant('u1', 5, 'bonus:u1')).toEqual({ balance: 15 });
  });

  it('refuses a key already used for another user or amount', async () => {
    await grant('u1', 10, 'signup:u1');
    await expect(grant('u2', 10, 'signup:u1')).rejects.toThrow(IdempotencyConflictError);
    await expect(grant('u1', 11, 'signup:u1')).rejects.toThrow(IdempotencyConflictError);
  });

  it('refuses a user that does not exist (the ledger references accounts)', async () => {
    await expect(grant('ghost', 10)).rejects.toThrow(/FOREIGN KEY|violates foreign key constraint/);
  });
});

describe('#charge', () => {
  it('takes credits and answers the new balance and the entry id', async () => {
    await grant('u1', 10);
    const result = await charge('u1', 3, 'job-1');
    expect(result).toEqual({ ok: true, balance: 7, entryId: expect.any(String), replayed: false });
  });

  it('charges the same key once: a replay answers the first entry with replayed: true', async () => {
    await grant('u1', 10);
    const first = await charge('u1', 3, 'job-1');
    const second = await charge('u1', 3, 'job-1');
    expect(second).toEqual({ ok: true, balance: 7, entryId: first.ok ? first.entryId : '', replayed: true });
    expect(await credits.balance('u1')).toBe(7);
  });

  it('replays a charged key even when the balance is too low by now', async () => {
    await grant('u1', 3);
    await charge('u1', 3, 'job-1');
    expect(await charge('u1', 3, 'job-1')).toMatchObject({ ok: true, replayed: true, balance: 0 });
  });

  it('allows spending the balance exactly, and not one credit more', async () => {
    await grant('u1', 5);
    expect(await charge('u1', 5, 'all')).toMatchObject({ ok: true, balance: 0 });
    expect(await charge('u1', 1, 'more')).toEqual({ ok: false, balance: 0, needed: 1 });
  });

  it('refuses a charge above the balance without writing anything', async () => {
    await grant('u1', 2);
    expect(await charge('u1', 3, 'job-1')).toEqual({ ok: false, balance: 2, needed: 3 });
    expect(await createLedger(db).entriesOf('u1')).toHaveLength(1);
    // The refused key stays free: the same job may be paid for once the user has credits.
    await grant('u1', 5, 'topup');
    expect(await charge('u1', 3, 'job-1')).toMatchObject({ ok: true, balance: 4, replayed: false });
  });

  it("refuses a key that belongs to another user's charge or another amount", async () => {
    await grant('u1', 10);
    await grant('u2', 10);
    await charge('u1', 2, 'job-1');
    await expect(charge('u2', 2, 'job-1')).rejects.toThrow(IdempotencyConflictError);
    await expect(charge('u1', 3, 'job-1')).rejects.toThrow(IdempotencyConflictError);
    await expect(charge('u1', 10, 'grant:u1:10')).rejects.toThrow(IdempotencyConflictError);
    expect(await credits.balance('u2')).toBe(10);
  });

  it.each([
    ['0 credits', { amount: 0 }],
    ['-1 credits', { amount: -1 }],
    ['1.5 credits', { amount: 1.5 }],
    ['NaN credits', { amount: Number.NaN }],
    ['an empty key', { idempotencyKey: '' }],
    ['a key of 201 characters', { idempotencyKey: 'k'.repeat(201) }],
    ['no reason', { reason: '' }],
    ['no user', { userId: '' }],
  ])('refuses %s', async (_name, patch) => {
    await grant('u1', 10);
    await expect(
      credits.charge({ userId: 'u1', amount: 1, idempotencyKey: 'k', reason: 'r', ...patch }),
    ).rejects.toThrow(RangeError);
    expect(await credits.balance('u1')).toBe(10);
  });
});

describe('#refund', () => {
  async function charged(amount: number): Promise<string> {
    await grant('u1', 10);
    const result = await charge('u1', amount, 'job-1');
    if (!result.ok) throw new Error('charge failed');
    return result.entryId;
  }

  it('gives credits back once per key', async () => {
    const entryId = await charged(4);
    const input = {
      userId: 'u1',
      amount: 2,
      idempotencyKey: 'refund:job-1:img-2',
      reason: 'failed',
      chargeEntryId: entryId,
    };
    expect(await credits.refund(input)).toEqual({ balance: 8 });
    expect(await credits.refund(input)).toEqual({ balance: 8 });
    expect((await createLedger(db).entriesOf('u1')).map((e) => [e.kind, e.amount])).toEqual([
      ['grant', 10],
      ['charge', -4],
      ['refund', 2],
    ]);
  });

  it('allows partial refunds up to the charge, and not one credit more', async () => {
    const entryId = await charged(3);
    const refund = (key: string, amount: number) =>
      credits.refund({ userId: 'u1', amount, idempotencyKey: key, reason: 'failed', chargeEntryId: entryId });
    expect(await refund('r1', 1)).toEqual({ balance: 8 });
    expect(await refund('r2', 2)).toEqual({ balance: 10 });
    await expect(refund('r3', 1)).rejects.toThrow(/exceeds the 0 credits left/);
    expect(await credits.balance('u1')).toBe(10);
  });

  it("refuses to refund another user's charge, a grant, or an unknown entry", async () => {
    const entryId = await charged(3);
    const grantId = (await createLedger(db).entriesOf('u1'))[0]!.id;
    const refund = (userId: string, chargeEntryId: string) =>
      credits.refund({
        userId,
        amount: 1,
        idempotencyKey: `r-${userId}-${chargeEntryId}`,
        reason: 'x',
        chargeEntryId,
      });
    await expect(refund('u2', entryId)).rejects.toThrow(RangeError);
    await expect(refund('u1', grantId)).rejects.toThrow(RangeError);
    await expect(refund('u1', 'no-such-entry')).rejects.toThrow(RangeError);
  });

  it('refuses a refund key reused for another charge', async () => {
    const entryId = await charged(3);
    const second = await charge('u1', 2, 'job-2');
    if (!second.ok) throw new Error('charge failed');
    await credits.refund({
      userId: 'u1',
      amount: 1,
      idempotencyKey: 'r',
      reason: 'x',
      chargeEntryId: entryId,
    });
    await expect(
      credits.refund({
        userId: 'u1',
        amount: 1,
        idempotencyKey: 'r',
        reason: 'x',
        chargeEntryId: second.entryId,
      }),
    ).rejects.toThrow(IdempotencyConflictError);
  });
});

// SQLite's and PostgreSQL's words for a refused row.
const CHECK = /CHECK|violates check constraint/;
const UNIQUE = /UNIQUE|violates unique constraint/;

describe('the ledger table', () => {
  it('refuses rows that break its rules, even from code that bypasses the service', async () => {
    const insert = (...row: [string, string, string, number, string, string, null]) =>
      sql`INSERT INTO credit_ledger (id, user_id, kind, amount, idempotency_key, reason, charge_entry_id)
        VALUES (${sql.join(row)})`.execute(db.kysely);
    await expect(insert('a', 'u1', 'charge', 5, 'k1', 'x', null)).rejects.toThrow(CHECK);
    await expect(insert('b', 'u1', 'grant', -5, 'k2', 'x', null)).rejects.toThrow(CHECK);
    await expect(insert('c', 'u1', 'refund', 1, 'k3', 'x', null)).rejects.toThrow(CHECK);
    await expect(insert('d', 'u1', 'bonus', 1, 'k4', 'x', null)).rejects.toThrow(CHECK);
    await insert('e', 'u1', 'grant', 1, 'k5', 'x', null);
    await expect(insert('f', 'u1', 'grant', 1, 'k5', 'x', null)).rejects.toThrow(UNIQUE);
  });
});

describe('#insufficientCreditsError', () => {
  it('builds the one 402 body of SPEC section 8', async () => {
    expect(toErrorResponse(insufficientCreditsError(5, 2))).toEqual({
      status: 402,
      body: {
        error: 'Insufficient credits',
        code: 'INSUFFICIENT_CREDITS',
        details: { creditsNeeded: 5, credits: 2 },
      },
    });
  });
});
