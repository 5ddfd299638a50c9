// The starter_grants table: SQL only. One row per account: the starting credits it got (or 0 and why), its
// network and UTC day. The limits and the transaction with the ledger grant live in services/credits.ts.
import type { Db } from './db';

export type StarterWithheld = 'NETWORK_LIMIT' | 'DAILY_CAP';

export interface StarterGrant {
  userId: string;
  network: string;
  day: string;
  amount: number;
  withheld: StarterWithheld | null;
}

export interface StarterGrantRepository {
  of(userId: string): StarterGrant | undefined;
  /** Accounts from this network that got credits on this day. */
  grantedTo(network: string, day: string): number;
  /** Free credits granted on this day, server-wide. */
  creditsOn(day: string): number;
  insert(grant: StarterGrant): void;
}

interface Row {
  user_id: string;
  network: string;
  day: string;
  amount: number;
  withheld: StarterWithheld | null;
}

export function createStarterGrantRepository(db: Db): StarterGrantRepository {
  const byUser = db.prepare<[string], Row>(
    'SELECT user_id, network, day, amount, withheld FROM starter_grants WHERE user_id = ?',
  );
  const perNetwork = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM starter_grants WHERE network = ? AND day = ? AND amount > 0',
  );
  const perDay = db.prepare<[string], { total: number }>(
    'SELECT COALESCE(SUM(amount), 0) AS total FROM starter_grants WHERE day = ?',
  );
  const insertStmt = db.prepare(
    `INSERT INTO starter_grants (user_id, network, day, amount, withheld)
     VALUES (@user_id, @network, @day, @amount, @withheld)`,
  );
  return {
    of(userId) {
      const row = byUser.get(userId);
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
    grantedTo: (network, day) => perNetwork.get(network, day)?.n ?? 0,
    creditsOn: (day) => perDay.get(day)?.total ?? 0,
    insert(grant) {
      insertStmt.run({
        user_id: grant.userId,
        network: grant.network,
        day: grant.day,
        amount: grant.amount,
        withheld: grant.withheld,
      });
    },
  };
}
