// The secret better-auth signs session cookies with. BETTER_AUTH_SECRET wins; without it, `npm start` must
// still work with no configuration, so a random secret is made on first start and kept in the database
// (app_meta), where it survives restarts and is shared by every process using the same database.
import { randomBytes } from 'node:crypto';
import type { Database } from '../store/db';

const META_KEY = 'auth_secret';

export async function authSecret(db: Database, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  // Insert unless present, then read back: when two processes start at once, both end up with the first one's.
  await db
    .query()
    .insertInto('app_meta')
    .values({ key: META_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .query()
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
