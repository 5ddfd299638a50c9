// `npm run bench:abuse [-- --seconds 60] [--root <tree>] [--clients-nice 10]`: the server under hostile load, on
// loopback only. The real server (this tree, or another checkout to compare) runs as its own process with the
// builtin provider and TRUST_PROXY=1, so three callers come from three networks (X-Forwarded-For): one sends 24 MB
// hostile JSON bodies back to back (`[[[…`, `[],[],…` and one valid 24 MB data: URL), one floods the free modes
// with 50 MP photos (generated with sharp) from many connections, and a signed-in host runs paid calls (Entrümpeln
// on a cluttered kitchen of the shared fixtures). Measured: GET /api/health's latency throughout, each paid call's
// status and time, the visitors' refusals (the probe and the hostile client run in threads of their own, so the
// bench's busy loop never slows them), and the server process's resident memory (idle after warm-up, peak, settled
// after the flood). The flood's senders run at nice `--clients-nice` (0: the server's priority), the probe at the
// server's. Bounded: the flood lasts `--seconds`, then every call is awaited; the run takes a few minutes. Prints
// figures, then as the very last line one JSON object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { startServer } from './serverProcess';

const REPO = resolve(import.meta.dirname, '..');
/** A cluttered kitchen: the detector finds objects, so the removal is real work (read beside the repository). */
const PAID_PHOTO = resolve(REPO, '../shared/fixtures/rooms/kitchen/15_kitchen.jpg');
const HOSTILE_BYTES = 24 * 1024 * 1024;
const HOST_NETWORK = '10.0.0.1';
const VISITOR_NETWORK = '10.1.0.7';
const HOSTILE_NETWORK = '10.2.0.9';
/** The visitor flood: connections of one network, each sending requests of this many 50 MP photos in a loop. */
const VISITOR_CONNECTIONS = 24;
const PHOTOS_PER_REQUEST = 4;

function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return Math.round(value * 10) / 10;
}

/** Resident memory of a process in MB (Linux: /proc). */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0; // the process is gone
  }
}

/** A 50 MP JPEG well under the 10 MB file limit: smooth, upscaled noise, so it is neither trivial nor huge. */
async function largePhoto(): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: 866,
      height: 577,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(8660, 5773).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The hostile client, in a thread of its own (so the bench's busy event loop never slows it): 24 MB bodies back to
 * back, in turn deep nesting, a flat sea of values and one valid object of 24 MB, to the image routes and to a path
 * that does not exist, until the flood ends. Plain JavaScript: a worker evaluates it.
 */
const HOSTILE_CLIENT = `
  const { parentPort, workerData: { url, ms, bytes, network } } = require('node:worker_threads');
  const nested = Buffer.alloc(bytes, '[');
  const flat = Buffer.alloc(bytes, '[],');
  flat[0] = 0x5b;
  const valid = Buffer.alloc(bytes, 'A');
  valid.write('{"selectedModes":["generalEnhance"],"imageUrls":["data:image/jpeg;base64,', 0);
  valid.write('"]}', bytes - 3);
  const bodies = [nested, flat, valid];
  const paths = ['/api/enhance-image', '/api/analyze-image', '/api/generate-suggestions', '/api/nowhere'];
  (async () => {
    const statuses = [];
    const until = Date.now() + ms;
    for (let i = 0; Date.now() < until; i++) {
      try {
        const res = await fetch(url + paths[i % paths.length], {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': network },
          body: bodies[i % bodies.length],
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      } catch {
        statuses.push(0);
      }
    }
    parentPort.postMessage(statuses);
  })();`;

/** GET /api/health every 50 ms until the flood ends, in a thread of its own: each probe's time, and the failures. */
const HEALTH_PROBE = `
  const { parentPort, workerData: { url, ms } } = require('node:worker_threads');
  (async () => {
    const times = [];
    let failed = 0;
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const started = performance.now();
      try {
        const res = await fetch(url + '/api/health');
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      } catch {
        failed++;
      }
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    parentPort.postMessage({ ms: times, failed });
  })();`;

/** Lowers the calling thread's scheduling priority (Linux: a nice value is a thread's own; threads it starts inherit it). */
function lowerThisThread(nice: number): void {
  if (process.platform !== 'linux' || nice <= 0) return;
  try {
    setPriority(0, nice);
  } catch {
    // Not allowed here: the clients keep the server's priority (the figures then include their CPU).
  }
}

/** Runs a client's code in a worker thread and resolves with the one message it sends when done. */
function inThread<T>(code: string, workerData: Record<string, unknown>): Promise<T> {
  const worker = new Worker(code, { eval: true, workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: T) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function post(url: string, path: string, init: RequestInit, network: string): Promise<number> {
  try {
    const headers = new Headers(init.headers);
    headers.set('origin', url);
    headers.set('x-forwarded-for', network);
    const res = await fetch(`${url}${path}`, { ...init, method: 'POST', headers });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0; // the server closed the connection before reading all of the body (an early refusal)
  }
}

function enhanceForm(photos: readonly Blob[], modes: readonly string[]): FormData {
  const form = new FormData();
  for (const photo of photos) form.append(photos.length === 1 ? 'image' : 'images', photo, 'foto.jpg');
  form.append('selectedModes', JSON.stringify(modes));
  return form;
}

async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': HOST_NETWORK },
    body: JSON.stringify({
      name: 'Gastgeberin',
      email: `host-${Date.now()}@example.com`,
      password: 'abuse-passwort',
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function tally(statuses: readonly number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: REPO },
      seconds: { type: 'string', default: '60' },
      'clients-nice': { type: 'string', default: '10' },
    },
  });
  const clientsNice = Number(values['clients-nice']);
  const root = resolve(values.root ?? REPO);
  const floodMs = Number(values.seconds) * 1000;
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-bench-abuse-'));
  const { child, url } = await startServer(root, dir, {
    // The bench's three callers each name their network; on loopback they would share one.
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: '1000',
    // The host pays for every call of the run: a 402 would measure its balance, not the server's fairness.
    STARTING_CREDITS: '1000',
  });
  const pid = child.pid!;
  let peakRssMb = 0;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(pid))), 100);
  try {
    const cookie = await signUp(url);
    const paidPhoto = new Blob([new Uint8Array(readFileSync(PAID_PHOTO))], { type: 'image/jpeg' });
    const large = new Blob([new Uint8Array(await largePhoto())], { type: 'image/jpeg' });
    console.log(
      `50 MP photo: ${(large.size / 1e6).toFixed(1)} MB; paid photo: ${(paidPhoto.size / 1e6).toFixed(1)} MB`,
    );
    let paidCalls = 0;
    const paid = async (): Promise<{ status: number; ms: number }> => {
      const started = performance.now();
      const status = await post(
        url,
        '/api/enhance-image',
        {
          headers: { cookie, 'idempotency-key': `abuse-${Date.now()}-${paidCalls++}` },
          body: enhanceForm([paidPhoto], ['declutter']),
        },
        HOST_NETWORK,
      );
      return { status, ms: Math.round(performance.now() - started) };
    };

    // Warm-up, outside the figures: the detector loads in the threads, the code paths compile.
    const warm = await Promise.all([paid(), paid()]);
    console.log(`warm-up paid calls: ${warm.map((c) => `${c.status} in ${c.ms} ms`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 3000));
    const idleRssMb = rssMb(pid);
    peakRssMb = idleRssMb;
    console.log(`idle after warm-up: ${idleRssMb} MB`);

    const until = Date.now() + floodMs;
    const running = () => Date.now() < until;
    // The health probe runs in a thread of its own, so the bench's own busy event loop (it sends the flood) never
    // delays a probe's timing. It starts first: a thread keeps the priority it was started with.
    const probing = inThread<{ ms: number[]; failed: number }>(HEALTH_PROBE, { url, ms: floodMs });
    // The flood's senders (this thread and the hostile client's, started below) run at a lower priority: an
    // attacker's CPU is on another machine, not the server's competition for this one's two cores.
    lowerThisThread(clientsNice);
    const visitorStatuses: number[] = [];
    const visitors = Array.from({ length: VISITOR_CONNECTIONS }, async () => {
      const photos = Array.from({ length: PHOTOS_PER_REQUEST }, () => large);
      while (running()) {
        const status = await post(
          url,
          '/api/enhance-image',
          { body: enhanceForm(photos, ['generalEnhance']) },
          VISITOR_NETWORK,
        );
        visitorStatuses.push(status);
        // A refused visitor comes straight back: the flood does not honour Retry-After.
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
    });
    const hostile = inThread<number[]>(HOSTILE_CLIENT, {
      url,
      ms: floodMs,
      bytes: HOSTILE_BYTES,
      network: HOSTILE_NETWORK,
    });
    // The host's paid calls, one after another, from a few seconds into the flood (once the pool is full); a
    // refused one waits a second before the next, as the web client's outbox would.
    const paidResults: { status: number; ms: number }[] = [];
    const host = (async () => {
      await new Promise((r) => setTimeout(r, Math.min(5000, floodMs / 4)));
      while (running()) {
        const result = await paid();
        paidResults.push(result);
        if (result.status !== 200) await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    const [{ ms: health, failed: healthFailed }, hostileStatuses] = await Promise.all([
      probing,
      hostile,
      ...visitors,
      host,
    ]);
    const floodPeakRssMb = peakRssMb;
    const loadAverageAtEnd = loadavg()[0] ?? 0;
    console.log(`flood over after ${((floodMs + 0) / 1000).toFixed(0)} s; every call answered`);

    // Settling: the memory the flood left behind, after a quiet half minute with a health check every 2 s (as an
    // orchestrator sends them: compose.yaml).
    const settling: number[] = [];
    for (let second = 0; second < 30; second += 2) {
      await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
      await new Promise((r) => setTimeout(r, 2000));
      settling.push(rssMb(pid));
    }
    console.log(`settling (MB, every 2 s): ${settling.join(' ')}`);
    const settledRssMb = settling.at(-1) ?? 0;

    // The figure of the paid call: a refusal if there was any, else the slowest answer.
    const refusedPaid = paidResults.find((c) => c.status !== 200);
    const worst =
      refusedPaid ??
      paidResults.reduce((a, b) => (b.ms > a.ms ? b : a), paidResults[0] ?? { status: 0, ms: 0 });
    console.log(
      `health: ${health.length} probes, p50 ${percentile(health, 0.5)} ms, p99 ${percentile(health, 0.99)} ms, max ${percentile(health, 1)} ms`,
    );
    console.log(
      `paid calls under the flood: ${JSON.stringify(tally(paidResults.map((c) => c.status)))}, answered 200 in ${paidResults
        .filter((c) => c.status === 200)
        .map((c) => `${c.ms} ms`)
        .join(', ')}`,
    );
    console.log(
      `visitor requests (${PHOTOS_PER_REQUEST} x 50 MP): ${JSON.stringify(tally(visitorStatuses))}`,
    );
    console.log(`hostile 24 MB bodies: ${JSON.stringify(tally(hostileStatuses))}`);
    console.log(`memory: idle ${idleRssMb} MB, peak ${floodPeakRssMb} MB, settled ${settledRssMb} MB`);
    console.log(
      JSON.stringify({
        root,
        floodSeconds: floodMs / 1000,
        clientsNice,
        healthP50Ms: percentile(health, 0.5),
        healthP99Ms: percentile(health, 0.99),
        healthMaxMs: percentile(health, 1),
        healthFailed,
        serverExit: child.exitCode ?? child.signalCode ?? null,
        paidCallStatus: worst.status,
        paidCallMs: worst.ms,
        paidCalls: tally(paidResults.map((c) => c.status)),
        visitorRequests: visitorStatuses.length,
        visitorServed: visitorStatuses.filter((s) => s === 200).length,
        visitorRefused: visitorStatuses.filter((s) => s === 429 || s === 503).length,
        visitorStatuses: tally(visitorStatuses),
        hostileStatuses: tally(hostileStatuses),
        peakRssMb: floodPeakRssMb,
        idleRssMb,
        settledRssMb,
        // The machine's load when the flood ended: on a shared machine, other processes' CPU shows in every time.
        loadAverage1m: Math.round(loadAverageAtEnd * 10) / 10,
      }),
    );
  } finally {
    clearInterval(sampler);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
