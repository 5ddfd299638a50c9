// The starter_grants table: SQL only. One row per account: the starting credits it got (or 0 and why), its
// network and UTC day. The limits and the transaction with the ledger grant live in services/credits.ts.
import { sql } from 'kysely';
import type { Database } from './db';

import type { StarterWithheld } from './schema';

export type { StarterWithheld };

export interface StarterGrant {
  userId: string;
  network: string;
  day: string;
  amount: number;
  withheld: StarterWithheld | null;
}

export interface StarterGrantRepository {
  of(userId: string): Promise<StarterGrant | undefined>;
  /** Accounts from this network that got credits on this day. */
  grantedTo(network: string, day: string): Promise<number>;
  /** Free credits granted on this day, server-wide. */
  creditsOn(day: string): Promise<number>;
  insert(grant: StarterGrant): Promise<void>;
}

export function createStarterGrantRepository(db: Database): StarterGrantRepository {
  return {
    async of(userId) {
      const row = await db
        .query()
        .selectFrom('starter_grants')
        .select(['user_id', 'network', 'day', 'amount', 'withheld'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          userId: row.user_id,
          network: row.network,
          day: row.day,
          amount: row.amount,
          withheld: row.withheld,
        }
      );
    },
    async grantedTo(network, day) {
      const row = await db
        .query()
        .selectFrom('starter_grants')
        .select(sql<number>`CAST(COUNT(*) AS INTEGER)`.as('n'))
        .where('network', '=', network)
        .where('day', '=', day)
        .where('amount', '>', 0)
        .executeTakeFirst();
      return row?.n ?? 0;
    },
    async creditsOn(day) {
      const row = await db
        .query()
        .selectFrom('starter_grants')
        .select(sql<number>`CAST(COALESCE(SUM(amount), 0) AS INTEGER)`.as('total'))
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.total ?? 0;
    },
    async insert(grant) {
      await db
        .query()
        .insertInto('starter_grants')
        .values({
          user_id: grant.userId,
          network: grant.network,
          day: grant.day,
          amount: grant.amount,
          withheld: grant.withheld,
        })
        .execute();
    },
  };
}
