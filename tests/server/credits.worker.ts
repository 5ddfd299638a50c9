// A separate process for the ledger's concurrency test (credits.concurrency.test.ts): opens the same database
// (a SQLite file path or a postgres:// URL), says 'ready', reads a start time (epoch ms) from stdin and spins until then, so every process starts
// within a millisecond of the others, fires its charges of 1 credit with a random pause of up to 0.3 ms
// between them (as requests arrive in real life, and so no process keeps SQLite's lock to itself), and prints
// what happened as one JSON line.
//   node --import tsx tests/server/credits.worker.ts <dbPathOrUrl> <userId> <count> <keyPrefix>
import { createLedger } from '../../server/paid/ledger';
import { openDatabase } from '../../server/store/db';

const [dbPath, userId, countText, prefix] = process.argv.slice(2);
if (!dbPath || !userId || !countText || !prefix)
  throw new Error('usage: <dbPath> <userId> <count> <keyPrefix>');

const db = await openDatabase(dbPath);
const credits = createLedger(db);
// On PostgreSQL, connect the pool before the start line, so the race measures charges, not connecting.
await credits.balance(userId);
process.stdout.write('ready\n');

const now = () => performance.timeOrigin + performance.now();

process.stdin.once('data', async (line: Buffer) => {
  const startAt = Number(line.toString().trim());
  while (now() < startAt) {
    // spin: a timer would wake up to 1 ms late, and at a different moment in every process
  }
  const startedAt = now();
  let ok = 0;
  let refused = 0;
  let lowestBalanceSeen = Number.POSITIVE_INFINITY;
  const started = performance.now();
  for (let i = 0; i < Number(countText); i++) {
    const result = await credits.charge({
      userId,
      amount: 1,
      idempotencyKey: `${prefix}:${i}`,
      reason: 'concurrency test',
    });
    if (result.ok) ok++;
    else refused++;
    lowestBalanceSeen = Math.min(lowestBalanceSeen, result.balance);
    const pauseUntil = now() + Math.random() * 0.3;
    while (now() < pauseUntil) {
      // spin
    }
  }
  const endedAt = now();
  const ms = performance.now() - started;
  await db.close();
  process.stdout.write(`${JSON.stringify({ ok, refused, lowestBalanceSeen, ms, startedAt, endedAt })}\n`);
  process.exit(0);
});
