// The secret better-auth signs session cookies with. BETTER_AUTH_SECRET wins; without it, `npm start` must
// still work with no configuration, so a random secret is made on first start and kept in the database
// (app_meta), where it survives restarts and is shared by every process using the same file.
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db';

const META_KEY = 'auth_secret';

export function authSecret(db: Db, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  // INSERT OR IGNORE, then read back: when two processes start at once, both end up with the first one's secret.
  db.prepare('INSERT OR IGNORE INTO app_meta (key, value) VALUES (?, ?)').run(
    META_KEY,
    randomBytes(32).toString('base64url'),
  );
  return (db.prepare('SELECT value FROM app_meta WHERE key = ?').get(META_KEY) as { value: string }).value;
}
