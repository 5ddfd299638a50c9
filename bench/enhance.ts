// Requests per second of a builtin enhancement (curbAppeal: auto-enhance) of a 1 MP photo over loopback: the
// real app on 127.0.0.1 with a real SQLite file, a signed-in user, multipart upload, decode, kernels, JPEG
// encode, the credit charge, and the JSON answer. Run: node --import tsx bench/enhance.ts [requests]
// Prints a small table and, as its last line, a JSON object with the figures.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { startTestServer } from '../tests/helpers/startServer';

const REQUESTS = Number(process.argv[2] ?? 40);
const WARMUP = 3;
const PHOTO = resolve(import.meta.dirname, '../../shared/fixtures/rooms/bedroom/1_bedroom.jpg');

/** 1155 x 866 = 1.0 MP, from a real listing photo. */
async function oneMegapixelPhoto(): Promise<Buffer> {
  return sharp(PHOTO).resize(1155, 866, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
}

async function main(): Promise<void> {
  const server = await startTestServer({
    env: { STARTING_CREDITS: 1_000_000, AUTH_RATE_LIMIT: 1000 },
    deps: { ai: { rateLimits: { enhance: 1_000_000 } } },
  });
  try {
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        name: 'Bench',
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-passwort',
      }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const photo = await oneMegapixelPhoto();

    const once = async (): Promise<number> => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench.jpg');
      form.append('selectedModes', JSON.stringify(['curbAppeal']));
      const started = performance.now();
      const res = await fetch(`${server.url}/api/enhance-image`, {
        method: 'POST',
        headers: { origin: server.url, cookie, 'idempotency-key': randomUUID() },
        body: form,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`enhance answered ${res.status}`);
      return performance.now() - started;
    };

    for (let i = 0; i < WARMUP; i++) await once();
    const results: { concurrency: number; rps: number; medianMs: number }[] = [];
    for (const concurrency of [1, 2]) {
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next++ < REQUESTS) latencies.push(await once());
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        concurrency,
        rps: Math.round((REQUESTS / seconds) * 100) / 100,
        medianMs: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
      });
    }

    console.log(`builtin enhancement (curbAppeal) of a 1155x866 JPEG, ${REQUESTS} requests per run`);
    console.log('concurrency  requests/s  median ms');
    for (const r of results) {
      console.log(
        `${String(r.concurrency).padStart(11)}  ${String(r.rps).padStart(10)}  ${String(r.medianMs).padStart(9)}`,
      );
    }
    console.log(JSON.stringify({ bench: 'enhance-builtin-1mp', requests: REQUESTS, results }));
  } finally {
    await server.close();
  }
}

await main();
