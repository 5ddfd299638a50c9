// Bounded work for visitors, on the real server process: 10 visitors (distinct addresses behind a trusted proxy)
// each send a room analysis with photos at the limit (8 photos of 1024 x 1024) at once; /api/health keeps answering
// meanwhile; every analysis answers 200 or a clean 503 with Retry-After (the image queue is full), never another
// 5xx; more pixels per photo are refused (413), and a visitor past its pixel budget gets 429. The server's memory
// before, at the peak and after the burst is printed (not asserted: it depends on the machine).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/serverProcess';

const dir = mkdtempSync(join(tmpdir(), 'raumglanz-load-'));
let child: ChildProcess;
let url = '';

beforeAll(async () => {
  let port: number;
  ({ child, port } = await startServerProcess(dir, {
    AI_PROVIDER: 'builtin',
    TRUST_PROXY: '1',
    // As `npm start` runs it (scripts/start.mjs): memory goes back after the burst.
    MALLOC_ARENA_MAX: '2',
    // 8 photos of 1 MP pass twice a minute, the third time not.
    ANALYZE_MEGAPIXELS_PER_MINUTE: '20',
  }));
  url = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(() => {
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The server process's resident memory in MB (Linux /proc). */
function rssMb(): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function photo(width: number, height: number, seed: number): Promise<string> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = ((i >> 5) * 37 + seed * 11 + (i % 3) * 80) & 0xff;
  const jpeg = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

function analyze(imageDataUrls: string[], visitor: string): Promise<Response> {
  return fetch(`${url}/api/analyze-image`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': visitor },
    body: JSON.stringify({ imageDataUrls }),
  });
}

describe('bounded visitor work', () => {
  it('serves 10 parallel analyses at the limit while health answers, and refuses more', async () => {
    expect(url).not.toBe('');
    const atLimit = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(1024, 1024, i)));
    // Warm up (the room detector loads on first use), then measure.
    expect((await analyze(atLimit.slice(0, 1), '198.51.100.1')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssMb();
    let peak = before;
    const healthMs: number[] = [];
    let burstDone = false;
    const started = Date.now();
    const burst = Promise.all(
      Array.from({ length: 10 }, (_, v) => analyze(atLimit, `203.0.113.${v + 1}`)),
    ).finally(() => (burstDone = true));
    const health = (async () => {
      while (!burstDone) {
        const t0 = Date.now();
        const res = await fetch(`${url}/api/health`);
        expect(res.status).toBe(200);
        healthMs.push(Date.now() - t0);
        peak = Math.max(peak, rssMb());
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const answers = await burst;
    await health;
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((res) => res.status);
    for (const res of answers) {
      if (res.status === 503) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(healthMs.length).toBeGreaterThan(0);

    await new Promise((r) => setTimeout(r, 5000));
    const after = rssMb();
    console.log(
      JSON.stringify({
        burst: '10 visitors x 8 photos of 1024x1024',
        statuses,
        seconds,
        healthChecks: healthMs.length,
        healthMaxMs: Math.max(...healthMs),
        rssMb: { before, peak, after },
      }),
    );

    // One photo over 1024 x 1024 is more than an analysis needs.
    const big = await analyze([await photo(2048, 1536, 1)], '203.0.113.50');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('IMAGE_TOO_LARGE');
    // One visitor: 20 MP a minute here, so the third request of 8.4 MP is refused.
    const visitor = '203.0.113.77';
    expect((await analyze(atLimit, visitor)).status).toBe(200);
    expect((await analyze(atLimit, visitor)).status).toBe(200);
    const third = await analyze(atLimit, visitor);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 300_000);
});
