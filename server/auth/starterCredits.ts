// A new account's starting credits and their limits, with the starter_grants table: one row per account saying
// what it got (or 0 and why), its network and UTC day. At most `perNetworkPerDay` accounts of one network get
// credits per UTC day, and at most `dailyCap` credits go out per day server-wide; past either, the account starts
// with 0. The row and the ledger grant (paid/ledger.ts) are written in one transaction under one lock for all
// sign-ups, so the day's counts are read and raised one account at a time.
import { sql } from 'kysely';
import { ledgerLock, type Ledger } from '../paid/ledger';
import type { Database } from '../store/db';
import { readRow, type Row, type StarterGrantsTable, type StarterWithheld } from '../store/schema';

export type StarterGrant = Omit<Row<StarterGrantsTable>, 'createdAt'>;

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

export interface StarterCredits {
  /** Grants the account's starting credits, once per account (a second call answers the first's record). */
  grant(input: StarterInput): Promise<StarterGrant>;
  /** What the account's start was (undefined for accounts from before the limits). */
  of(userId: string): Promise<StarterGrant | undefined>;
}

/** Sign-ups' starting credits are counted per network and day server-wide: one lock for all of them. */
const STARTER_LOCK = 'starter-grants';

export function createStarterCredits(db: Database, ledger: Pick<Ledger, 'grant'>): StarterCredits {
  const grants = () => db.query().selectFrom('starter_grants');

  const of = async (userId: string): Promise<StarterGrant | undefined> => {
    const row = await grants()
      .select(['user_id', 'network', 'day', 'amount', 'withheld'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && readRow<Omit<StarterGrantsTable, 'created_at'>>(row);
  };

  /** Accounts from this network that got credits on this day. */
  const grantedTo = async (network: string, day: string): Promise<number> => {
    const row = await grants()
      .select(sql<number>`CAST(COUNT(*) AS INTEGER)`.as('n'))
      .where('network', '=', network)
      .where('day', '=', day)
      .where('amount', '>', 0)
      .executeTakeFirst();
    return row?.n ?? 0;
  };

  /** Free credits granted on this day, server-wide. */
  const creditsOn = async (day: string): Promise<number> => {
    const row = await grants()
      .select(sql<number>`CAST(COALESCE(SUM(amount), 0) AS INTEGER)`.as('total'))
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.total ?? 0;
  };

  const grant = async (input: StarterInput): Promise<StarterGrant> => {
    const existing = await of(input.userId);
    if (existing) return existing;
    const day = (input.now ?? new Date()).toISOString().slice(0, 10);
    let withheld: StarterWithheld | null = null;
    if ((await grantedTo(input.network, day)) >= input.perNetworkPerDay) withheld = 'NETWORK_LIMIT';
    else if ((await creditsOn(day)) + input.amount > input.dailyCap) withheld = 'DAILY_CAP';
    const record: StarterGrant = {
      userId: input.userId,
      network: input.network,
      day,
      amount: withheld === null ? input.amount : 0,
      withheld,
    };
    await db
      .query()
      .insertInto('starter_grants')
      .values({
        user_id: record.userId,
        network: record.network,
        day: record.day,
        amount: record.amount,
        withheld: record.withheld,
      })
      .execute();
    if (record.amount > 0) {
      await ledger.grant({
        userId: input.userId,
        amount: record.amount,
        idempotencyKey: input.idempotencyKey,
        reason: 'signup',
      });
    }
    return record;
  };

  return {
    async grant(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new RangeError(`Starting credits are whole numbers above 0 (got ${input.amount})`);
      }
      return db.transaction([STARTER_LOCK, ledgerLock(input.userId)], () => grant(input));
    },
    of,
  };
}
