// The credit ledger's rules on a real SQLite file: grants, charges and refunds, each once per idempotency key;
// no overdraw; refunds bounded by their charge; the table stays append-only with signed amounts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../../server/errors';
import {
  createCreditsService,
  IdempotencyConflictError,
  insufficientCreditsError,
  type CreditsService,
} from '../../server/services/credits';
import { openDatabase, type Db } from '../../server/store/db';
import { createLedgerRepository } from '../../server/store/ledger';
import { addUser } from './auth.helpers';

let dir: string;
let db: Db;
let credits: CreditsService;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'raumglanz-credits-'));
  db = openDatabase(join(dir, 'app.db'));
  credits = createCreditsService(db);
  addUser(db, 'u1');
  addUser(db, 'u2');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const grant = (userId: string, amount: number, key = `grant:${userId}:${amount}`) =>
  credits.grant({ userId, amount, idempotencyKey: key, reason: 'test' });
const charge = (userId: string, amount: number, key: string) =>
  credits.charge({ userId, amount, idempotencyKey: key, reason: 'enhance' });

describe('#balance', () => {
  it('is 0 for a user without entries and for an unknown user', () => {
    expect(credits.balance('u1')).toBe(0);
    expect(credits.balance('nobody')).toBe(0);
  });

  it('is the sum of grants, charges and refunds', () => {
    grant('u1', 10);
    const charged = charge('u1', 4, 'c1');
    if (!charged.ok) throw new Error('charge failed');
    credits.refund({
      userId: 'u1',
      amount: 1,
      idempotencyKey: 'r1',
      reason: 'failed image',
      chargeEntryId: charged.entryId,
    });
    expect(credits.balance('u1')).toBe(7);
    expect(credits.balance('u2')).toBe(0);
  });
});

describe('#grant', () => {
  it('adds credits once per key and answers the balance', () => {
    expect(grant('u1', 10, 'signup:u1')).toEqual({ balance: 10 });
    expect(grant('u1', 10, 'signup:u1')).toEqual({ balance: 10 });
    expect(grant('u1', 5, 'bonus:u1')).toEqual({ balance: 15 });
  });

  it('refuses a key already used for another user or amount', () => {
    grant('u1', 10, 'signup:u1');
    expect(() => grant('u2', 10, 'signup:u1')).toThrow(IdempotencyConflictError);
    expect(() => grant('u1', 11, 'signup:u1')).toThrow(IdempotencyConflictError);
  });

  it('refuses a user that does not exist (the ledger references accounts)', () => {
    expect(() => grant('ghost', 10)).toThrow(/FOREIGN KEY/);
  });
});

describe('#charge', () => {
  it('takes credits and answers the new balance and the entry id', () => {
    grant('u1', 10);
    const result = charge('u1', 3, 'job-1');
    expect(result).toEqual({ ok: true, balance: 7, entryId: expect.any(String), replayed: false });
  });

  it('charges the same key once: a replay answers the first entry with replayed: true', () => {
    grant('u1', 10);
    const first = charge('u1', 3, 'job-1');
    const second = charge('u1', 3, 'job-1');
    expect(second).toEqual({ ok: true, balance: 7, entryId: first.ok ? first.entryId : '', replayed: true });
    expect(credits.balance('u1')).toBe(7);
  });

  it('replays a charged key even when the balance is too low by now', () => {
    grant('u1', 3);
    charge('u1', 3, 'job-1');
    expect(charge('u1', 3, 'job-1')).toMatchObject({ ok: true, replayed: true, balance: 0 });
  });

  it('allows spending the balance exactly, and not one credit more', () => {
    grant('u1', 5);
    expect(charge('u1', 5, 'all')).toMatchObject({ ok: true, balance: 0 });
    expect(charge('u1', 1, 'more')).toEqual({ ok: false, balance: 0, needed: 1 });
  });

  it('refuses a charge above the balance without writing anything', () => {
    grant('u1', 2);
    expect(charge('u1', 3, 'job-1')).toEqual({ ok: false, balance: 2, needed: 3 });
    expect(createLedgerRepository(db).entriesOf('u1')).toHaveLength(1);
    // The refused key stays free: the same job may be paid for once the user has credits.
    grant('u1', 5, 'topup');
    expect(charge('u1', 3, 'job-1')).toMatchObject({ ok: true, balance: 4, replayed: false });
  });

  it("refuses a key that belongs to another user's charge or another amount", () => {
    grant('u1', 10);
    grant('u2', 10);
    charge('u1', 2, 'job-1');
    expect(() => charge('u2', 2, 'job-1')).toThrow(IdempotencyConflictError);
    expect(() => charge('u1', 3, 'job-1')).toThrow(IdempotencyConflictError);
    expect(() => charge('u1', 10, 'grant:u1:10')).toThrow(IdempotencyConflictError);
    expect(credits.balance('u2')).toBe(10);
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
  ])('refuses %s', (_name, patch) => {
    grant('u1', 10);
    expect(() =>
      credits.charge({ userId: 'u1', amount: 1, idempotencyKey: 'k', reason: 'r', ...patch }),
    ).toThrow(RangeError);
    expect(credits.balance('u1')).toBe(10);
  });
});

describe('#refund', () => {
  function charged(amount: number): string {
    grant('u1', 10);
    const result = charge('u1', amount, 'job-1');
    if (!result.ok) throw new Error('charge failed');
    return result.entryId;
  }

  it('gives credits back once per key', () => {
    const entryId = charged(4);
    const input = {
      userId: 'u1',
      amount: 2,
      idempotencyKey: 'refund:job-1:img-2',
      reason: 'failed',
      chargeEntryId: entryId,
    };
    expect(credits.refund(input)).toEqual({ balance: 8 });
    expect(credits.refund(input)).toEqual({ balance: 8 });
    expect(
      createLedgerRepository(db)
        .entriesOf('u1')
        .map((e) => [e.kind, e.amount]),
    ).toEqual([
      ['grant', 10],
      ['charge', -4],
      ['refund', 2],
    ]);
  });

  it('allows partial refunds up to the charge, and not one credit more', () => {
    const entryId = charged(3);
    const refund = (key: string, amount: number) =>
      credits.refund({ userId: 'u1', amount, idempotencyKey: key, reason: 'failed', chargeEntryId: entryId });
    expect(refund('r1', 1)).toEqual({ balance: 8 });
    expect(refund('r2', 2)).toEqual({ balance: 10 });
    expect(() => refund('r3', 1)).toThrow(/exceeds the 0 credits left/);
    expect(credits.balance('u1')).toBe(10);
  });

  it("refuses to refund another user's charge, a grant, or an unknown entry", () => {
    const entryId = charged(3);
    const grantId = createLedgerRepository(db).entriesOf('u1')[0]!.id;
    const refund = (userId: string, chargeEntryId: string) =>
      credits.refund({
        userId,
        amount: 1,
        idempotencyKey: `r-${userId}-${chargeEntryId}`,
        reason: 'x',
        chargeEntryId,
      });
    expect(() => refund('u2', entryId)).toThrow(RangeError);
    expect(() => refund('u1', grantId)).toThrow(RangeError);
    expect(() => refund('u1', 'no-such-entry')).toThrow(RangeError);
  });

  it('refuses a refund key reused for another charge', () => {
    const entryId = charged(3);
    const second = charge('u1', 2, 'job-2');
    if (!second.ok) throw new Error('charge failed');
    credits.refund({ userId: 'u1', amount: 1, idempotencyKey: 'r', reason: 'x', chargeEntryId: entryId });
    expect(() =>
      credits.refund({
        userId: 'u1',
        amount: 1,
        idempotencyKey: 'r',
        reason: 'x',
        chargeEntryId: second.entryId,
      }),
    ).toThrow(IdempotencyConflictError);
  });
});

describe('the ledger table', () => {
  it('refuses rows that break its rules, even from code that bypasses the service', () => {
    const insert = db.prepare(
      'INSERT INTO credit_ledger (id, user_id, kind, amount, idempotency_key, reason, charge_entry_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    expect(() => insert.run('a', 'u1', 'charge', 5, 'k1', 'x', null)).toThrow(/CHECK/);
    expect(() => insert.run('b', 'u1', 'grant', -5, 'k2', 'x', null)).toThrow(/CHECK/);
    expect(() => insert.run('c', 'u1', 'refund', 1, 'k3', 'x', null)).toThrow(/CHECK/);
    expect(() => insert.run('d', 'u1', 'bonus', 1, 'k4', 'x', null)).toThrow(/CHECK/);
    insert.run('e', 'u1', 'grant', 1, 'k5', 'x', null);
    expect(() => insert.run('f', 'u1', 'grant', 1, 'k5', 'x', null)).toThrow(/UNIQUE/);
  });
});

describe('#insufficientCreditsError', () => {
  it('builds the one 402 body of SPEC section 8', () => {
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
