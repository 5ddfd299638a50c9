// The crash soak behind `npm run soak` and tests/server/paidJobs.fault.test.ts: the real server process
// (node --import tsx server/index.ts) on a real SQLite file, paid builtin calls in flight, kill -9, restart, and
// every unanswered call retried with its own Idempotency-Key, for a number of rounds. Then every credit is
// accounted for: start = credits paid for delivered results + balance; anything else is lost or given away.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** SOAK_SERVER_ROOT runs another checkout's server (e.g. the code before a change, for before/after figures). */
const REPO_ROOT = process.env.SOAK_SERVER_ROOT ?? resolve(import.meta.dirname, '../..');
/**
 * A mode the builtin provider charges for (Entrümpeln: its removal is real work, 2 credits a photo); its colour
 * grades run free, and a soak of free calls would find '0 credits lost' whatever the server did.
 */
const PAID_MODE = 'declutter';
/** A cluttered kitchen from the shared fixtures (beside the repository), so the removal has work to do. */
const SOAK_PHOTO = resolve(import.meta.dirname, '../../../shared/fixtures/rooms/kitchen/15_kitchen.jpg');

export interface SoakOptions {
  rounds: number;
  callsPerRound: number;
  /** Accounts the calls are spread over (the per-user rate limit stays far away). */
  accounts: number;
  startingCredits: number;
  /** Kill once this many calls of the round have answered. */
  killAfterAnswers: number;
  log?: (line: string) => void;
}

export interface SoakFigures {
  rounds: number;
  callsPerRound: number;
  kills: number;
  /** Calls that had no answer when their server was killed (all retried with their key). */
  unansweredAtKill: number;
  retries: number;
  delivered: number;
  undelivered: number;
  creditsStart: number;
  creditsPaidForResults: number;
  creditsBalance: number;
  /** start - paid - balance when positive: credits taken without a result. */
  creditsLost: number;
  /** The same when negative: credits returned on top of a delivered result. */
  creditsGivenAway: number;
  /** Answers of one key that differed between a call and its retry (must be 0). */
  replayMismatches: number;
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  for (let i = 0; i < 600; i++) {
    const port = /localhost:(\d+)/.exec(stdout)?.[1];
    if (port) return { child, url: `http://127.0.0.1:${port}`, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${stderr}`);
}

async function killHard(server: RunningServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function signUp(url: string, n: number): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: `Soak ${n}`,
      email: `soak-${n}-${randomUUID()}@example.com`,
      password: 'soak-passwort-1',
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

async function balanceOf(url: string, cookie: string): Promise<number> {
  const res = await fetch(`${url}/api/credits`, { headers: { cookie } });
  return ((await res.json()) as { credits: number }).credits;
}

interface Call {
  key: string;
  account: number;
  /** The delivered answer's charge and a digest of its body; undefined until delivered. */
  delivered?: { creditsCharged: number; body: string };
}

type Outcome =
  | { kind: 'delivered'; creditsCharged: number; body: string }
  | { kind: 'busy' }
  | { kind: 'none'; status?: number };

async function send(url: string, cookie: string, key: string, photo: Buffer): Promise<Outcome> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  form.append('selectedModes', JSON.stringify([PAID_MODE]));
  try {
    const res = await fetch(`${url}/api/enhance-image`, {
      method: 'POST',
      headers: { origin: url, cookie, 'idempotency-key': key },
      body: form,
    });
    const text = await res.text();
    if (res.status === 200) {
      const body = JSON.parse(text) as { creditsCharged: number; enhanced_image_base64: string };
      return { kind: 'delivered', creditsCharged: body.creditsCharged, body: body.enhanced_image_base64 };
    }
    if (res.status === 409) return { kind: 'busy' };
    return { kind: 'none', status: res.status };
  } catch {
    return { kind: 'none' }; // the connection died with the server
  }
}

/** A real cluttered room: the detector finds objects, so the removal takes a while and kills land mid-flight. */
function soakPhoto(): Buffer {
  return readFileSync(SOAK_PHOTO);
}

export async function runCrashSoak(options: SoakOptions): Promise<SoakFigures> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-soak-'));
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'soak.db'),
    STATIC_DIR: dir,
    AI_PROVIDER: 'builtin',
    STARTING_CREDITS: String(options.startingCredits),
    STARTER_CREDITS_PER_NETWORK_PER_DAY: String(options.accounts),
    FREE_CREDITS_DAILY_CAP: String(options.accounts * options.startingCredits),
    AUTH_RATE_LIMIT: '1000',
    // Rate-limit windows live in the database and outlast a kill, so the retries of every round count against
    // one minute's budget; this soak is about credits, not about the limiter.
    AI_RATE_LIMIT_ENHANCE: '100000',
  };
  const photo = soakPhoto();
  const calls: Call[] = [];
  const figures = { kills: 0, unansweredAtKill: 0, retries: 0, replayMismatches: 0 };
  let server = await startServer(env);
  try {
    const cookies: string[] = [];
    for (let n = 0; n < options.accounts; n++) cookies.push(await signUp(server.url, n));

    const deliver = (call: Call, outcome: Outcome): void => {
      if (outcome.kind !== 'delivered') return;
      if (call.delivered && call.delivered.body !== outcome.body) figures.replayMismatches++;
      call.delivered ??= { creditsCharged: outcome.creditsCharged, body: outcome.body };
    };
    /** Retries every undelivered call with its key until it is delivered (409: it still runs; wait). */
    const retryAll = async (url: string): Promise<void> => {
      for (let pass = 0; pass < 50; pass++) {
        const open = calls.filter((c) => !c.delivered);
        if (open.length === 0) return;
        figures.retries += open.length;
        await Promise.all(
          open.map(async (c) => deliver(c, await send(url, cookies[c.account]!, c.key, photo))),
        );
        if (calls.some((c) => !c.delivered)) await new Promise((r) => setTimeout(r, 200));
      }
    };

    for (let round = 1; round <= options.rounds; round++) {
      const batch: Call[] = Array.from({ length: options.callsPerRound }, (_, i) => ({
        key: `soak-${round}-${i}-${randomUUID()}`,
        account: i % options.accounts,
      }));
      calls.push(...batch);
      let answered = 0;
      const inFlight = batch.map(async (call) => {
        const outcome = await send(server.url, cookies[call.account]!, call.key, photo);
        deliver(call, outcome);
        if (outcome.kind === 'delivered') answered++;
      });
      while (answered < options.killAfterAnswers && batch.some((c) => !c.delivered)) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const open = batch.filter((c) => !c.delivered).length;
      await killHard(server);
      figures.kills++;
      figures.unansweredAtKill += open;
      await Promise.all(inFlight);
      log(`round ${round}: killed with ${open} of ${batch.length} calls unanswered`);
      server = await startServer(env);
      await retryAll(server.url);
    }

    let balance = 0;
    for (const cookie of cookies) balance += await balanceOf(server.url, cookie);
    const delivered = calls.filter((c) => c.delivered);
    const paid = delivered.reduce((sum, c) => sum + (c.delivered?.creditsCharged ?? 0), 0);
    const start = options.accounts * options.startingCredits;
    const difference = start - paid - balance;
    return {
      rounds: options.rounds,
      callsPerRound: options.callsPerRound,
      ...figures,
      delivered: delivered.length,
      undelivered: calls.length - delivered.length,
      creditsStart: start,
      creditsPaidForResults: paid,
      creditsBalance: balance,
      creditsLost: Math.max(0, difference),
      creditsGivenAway: Math.max(0, -difference),
    };
  } finally {
    await killHard(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
