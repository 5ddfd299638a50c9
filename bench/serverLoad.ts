// `npm run bench:server [-- --root <tree>] [--rounds N]`: how fast the server answers GET /api/health and
// GET /api/credits (a signed-in account's balance) while its image work is saturated. The server of `<tree>`
// (default: this one; give another checkout to compare, e.g. the main branch) runs as its own process on
// 127.0.0.1 with the builtin provider; each round sends 4 large photos (12 MP) through a builtin mode and an
// analysis burst (2 x 8 photos of 1024 x 1024) at once, and probes both calls back to back until the round's last
// answer. Prints one line per round, then as the very last line one JSON object:
// {"root","rounds","jobs","jobStatuses","loadSeconds","health":{"n","p50","p99","max"},"credits":{...}} (ms).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startServer } from './serverProcess';

const REPO = resolve(import.meta.dirname, '..');
const LARGE_PHOTO = resolve(REPO, '../shared/fixtures/photos/IMG_20180725_163423.jpg');

interface Figures {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function figures(ms: number[]): Figures {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0) };
}

async function analysisPhoto(seed: number): Promise<string> {
  const side = 1024;
  const data = Buffer.alloc(side * side * 3);
  for (let i = 0; i < data.length; i++) data[i] = ((i >> 5) * 37 + seed * 11 + (i % 3) * 80) & 0xff;
  const jpeg = await sharp(data, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

function enhance(url: string, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  form.append('selectedModes', JSON.stringify(['generalEnhance']));
  return fetch(`${url}/api/enhance-image`, { method: 'POST', headers: { origin: url }, body: form }).then(
    async (res) => (await res.arrayBuffer(), res.status),
  );
}

function analyze(url: string, imageDataUrls: string[]): Promise<number> {
  return fetch(`${url}/api/analyze-image`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ imageDataUrls }),
  }).then(async (res) => (await res.arrayBuffer(), res.status));
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await call();
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`probe answered ${res.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { root: { type: 'string', default: REPO }, rounds: { type: 'string', default: '2' } },
  });
  const root = resolve(values.root ?? REPO);
  const rounds = Number(values.rounds);
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-bench-server-'));
  const { child, url } = await startServer(root, dir);
  try {
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        name: 'Bench',
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-passwort',
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const large = readFileSync(LARGE_PHOTO);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => analysisPhoto(i)));
    // Warm up: the detector loads and the code paths compile, outside the measurement.
    await Promise.all([enhance(url, large), analyze(url, burst.slice(0, 1))]);

    const health: number[] = [];
    const credits: number[] = [];
    const statuses: number[] = [];
    let loadSeconds = 0;
    for (let round = 1; round <= rounds; round++) {
      const started = performance.now();
      let done = false;
      const load = Promise.all([
        ...Array.from({ length: 4 }, () => enhance(url, large)),
        ...Array.from({ length: 2 }, () => analyze(url, burst)),
      ]).finally(() => (done = true));
      const probing = (async () => {
        while (!done) {
          health.push(await timed(() => fetch(`${url}/api/health`)));
          credits.push(await timed(() => fetch(`${url}/api/credits`, { headers: { cookie } })));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      statuses.push(...(await load));
      await probing;
      const seconds = (performance.now() - started) / 1000;
      loadSeconds += seconds;
      console.log(`round ${round}: ${seconds.toFixed(1)} s, ${health.length} probes so far`);
    }
    console.log(
      JSON.stringify({
        root,
        rounds,
        jobs: '4 x 12 MP generalEnhance + 2 x 8 analyses of 1024x1024 per round',
        jobStatuses: statuses,
        loadSeconds: Math.round(loadSeconds * 10) / 10,
        health: figures(health),
        credits: figures(credits),
      }),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
