// `npm run soak` (node --import tsx scripts/soak.ts [--rounds 3] [--calls 30]): kills the real server with paid
// calls in flight, restarts it and retries every unanswered call with its key (scripts/soak/crashSoak.ts).
// Progress goes to stderr; the figures (start = paid for results + balance, lost, given away) are the last line,
// as JSON. Exits 1 when any credit is lost or given away, a call never got its result, or nothing was charged
// (then '0 lost' would measure nothing).
import { parseArgs } from 'node:util';
import { runCrashSoak } from './soak/crashSoak';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, calls: { type: 'string', default: '30' } },
});

const figures = await runCrashSoak({
  rounds: Number(values.rounds),
  callsPerRound: Number(values.calls),
  accounts: 3,
  startingCredits: 100,
  killAfterAnswers: 3,
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.exitCode =
  figures.creditsLost === 0 &&
  figures.creditsGivenAway === 0 &&
  figures.undelivered === 0 &&
  figures.creditsPaidForResults > 0
    ? 0
    : 1;
