// `npm run loadtest` (node --import tsx bench/loadtest.ts [--requests 500] [--servers 3] [--workers 2]
// [--credits 400] [--side 320] [--database-url postgres://…]): the PostgreSQL deployment under a bounded load on
// loopback (tests/helpers/queueLoad.ts): server replicas and queue workers on one throw-away cluster (or the
// database given), concurrent paid builtin calls on one account spread over the replicas, one worker killed
// mid-run. Progress goes to stderr; the figures (requests, charges, refunds, latency of paid calls, jobs
// retried, p99 of GET /api/health during the run, the ledger audit) are the last line, as JSON. Exits 1 when the
// ledger is not exact: a double charge, a negative balance, a job left unsettled, credits unaccounted for.
import { parseArgs } from 'node:util';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../tests/helpers/postgres';
import { LOAD_MODE_CREDITS, runQueueLoad } from '../tests/helpers/queueLoad';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    servers: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    // Fewer than the calls need (500 x 2 credits): 200 calls are charged, the rest refused with 402.
    credits: { type: 'string', default: '400' },
    side: { type: 'string', default: '320' },
    'database-url': { type: 'string' },
  },
});

const log = (line: string) => process.stderr.write(`loadtest: ${line}\n`);
let cluster: PostgresCluster | undefined;
let databaseUrl = values['database-url'];
if (!databaseUrl) {
  log('starting a throw-away PostgreSQL cluster');
  cluster = await startPostgresCluster();
  databaseUrl = await createDatabase(cluster.adminUrl, 'loadtest');
}
try {
  const requests = Number(values.requests);
  const figures = await runQueueLoad({
    databaseUrl,
    servers: Number(values.servers),
    workers: Number(values.workers),
    requests,
    credits: Number(values.credits),
    killAfterShare: 0.2,
    photoSide: Number(values.side),
    log,
  });
  const exact =
    figures.audit.wrongNet === 0 &&
    figures.audit.overRefunded === 0 &&
    figures.audit.negativeBalances === 0 &&
    figures.negativeBalanceAnswers === 0 &&
    figures.pendingJobs === 0 &&
    figures.creditsUnaccounted === 0 &&
    figures.charges * LOAD_MODE_CREDITS === figures.creditsCharged;
  log(
    `${figures.requests} calls in ${figures.durationMs} ms: ${JSON.stringify(figures.statuses)}; ` +
      `paid p50 ${figures.paidP50Ms} ms, p99 ${figures.paidP99Ms} ms; health p99 ${figures.healthP99Ms} ms; ` +
      `${figures.jobsRetried} jobs retried; ledger ${exact ? 'exact' : 'NOT EXACT'}`,
  );
  process.stdout.write(`${JSON.stringify({ ...figures, ledgerExact: exact })}\n`);
  process.exitCode = exact ? 0 : 1;
} finally {
  cluster?.stop();
}
