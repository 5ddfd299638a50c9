// 'Automatisch optimieren' with the learned retouch in real Chromium: the worker's pixels equal the Node
// command's (npm run enhance) byte for byte when both start from the same decoded RGBA (a PNG, tone-only, so
// neither a JPEG decoder nor the geometry can differ), 'Stärke' 0 % returns the input, the real image worker
// lights the nearly black DSLR interior, and a 12 MP photo's time is measured.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnhanceOutcome, RawRetouchOutcome } from '../../bench/page/api';
import { startBenchServer, type BenchServer } from '../../bench/pipeline';
import { FIXTURES, openBrowser, REPO, type Browser } from './harness';

let server: BenchServer;
let browser: Browser;

const run = promisify(execFile);

async function rawOf(path: string): Promise<Buffer> {
  return sharp(path).ensureAlpha().raw().toBuffer();
}

const retouchRaw = (name: string, strength: number): Promise<RawRetouchOutcome> =>
  browser.page.evaluate(([u, s]) => window.raumglanzBench.retouchRaw(u, s), [
    `${server.url}/input/${name}`,
    strength,
  ] as const);

const enhance = (url: string, modeIds: string[], strength?: number): Promise<EnhanceOutcome> =>
  browser.page.evaluate(
    ([u, m, s]) =>
      window.raumglanzBench.enhance(u, m, { bytes: 'all', ...(s === undefined ? {} : { strength: s }) }),
    [url, modeIds, strength] as const,
  );

function jpegOf(outcome: EnhanceOutcome): Buffer {
  if (!outcome.ok) throw new Error(`expected a result, got ${outcome.code}: ${outcome.message}`);
  return Buffer.from(outcome.base64, 'base64');
}

/** Mean Rec. 709 luma (0..255) of a photo file. */
async function meanLuma(file: Buffer | string): Promise<number> {
  const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += 3)
    sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  return sum / (data.length / 3);
}

/** The Node command on a file, as a user runs it; answers its last JSON line. */
async function enhanceInNode(input: string, output: string, strength: number) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/enhance.ts', input, output, '--tone-only', '--strength', String(strength)],
    { cwd: REPO },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { mode: string; width: number; height: number };
}

beforeAll(async () => {
  server = await startBenchServer();
  // A lit bedroom and the nearly black DSLR interior (the dark path: denoise, lift, colour blur), as PNGs.
  for (const [name, source, side] of [
    ['bedroom.png', 'rooms/bedroom/1_bedroom.jpg', 1024],
    ['dslr.png', 'photos/canon-dslr.jpg', 1200],
  ] as const) {
    writeFileSync(
      join(server.inputDir, name),
      await sharp(join(FIXTURES, source)).rotate().resize(side, side, { fit: 'inside' }).png().toBuffer(),
    );
  }
  browser = await openBrowser();
  await browser.page.goto(`${server.url}/`);
  await browser.page.waitForFunction(() => 'raumglanzBench' in window);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('learned retouch in Chromium', () => {
  it.each([
    ['bedroom.png', 1],
    ['bedroom.png', 0.6],
    ['dslr.png', 1],
  ])(
    "%s at strength %s: the worker's pixels are the Node command's, byte for byte",
    async (name, strength) => {
      const input = join(server.inputDir, name);
      const output = join(server.inputDir, `node-${strength}-${name}`);
      const line = await enhanceInNode(input, output, strength);
      const expected = await rawOf(output);
      const ours = await retouchRaw(name, strength);
      expect([ours.width, ours.height]).toEqual([line.width, line.height]);
      const pixels = Buffer.from(ours.base64, 'base64');
      expect(pixels.length).toBe(expected.length);
      // Not a no-op: the retouch changed the photo, so equal bytes mean the same computation on both sides.
      expect(pixels.equals(await rawOf(input))).toBe(false);
      expect(pixels.equals(expected)).toBe(true);
    },
  );

  it("'Stärke' 0 % returns the input unchanged (tone-only)", async () => {
    const ours = await retouchRaw('bedroom.png', 0);
    expect(Buffer.from(ours.base64, 'base64').equals(await rawOf(join(server.inputDir, 'bedroom.png')))).toBe(
      true,
    );
  });

  it('the image worker lights the nearly black DSLR interior, and its strength reaches the worker', async () => {
    const url = '/fixtures/photos/canon-dslr.jpg';
    const before = await meanLuma(join(FIXTURES, 'photos/canon-dslr.jpg'));
    const full = await enhance(url, ['autoOptimize']);
    const none = await enhance(url, ['autoOptimize'], 0);
    expect(before).toBeLessThan(5);
    const lit = await meanLuma(jpegOf(full));
    // bench/QUALITY.md: the learned default ends this photo near L* 48 (luma ~ 115); the model alone leaves it black.
    expect(lit).toBeGreaterThan(90);
    expect(lit).toBeLessThan(160);
    expect(await meanLuma(jpegOf(none))).toBeLessThan(5);
  });

  it('times the learned default on a 12 MP photo', async () => {
    const url = '/fixtures/photos/IMG_20180725_163423.jpg';
    jpegOf(await enhance(url, ['autoOptimize'])); // warm: weights loaded, JIT warm
    const runs: { ms: number; processMs: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const outcome = await enhance(url, ['autoOptimize']);
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome).toMatchObject({ width: 4048, height: 3036 });
      runs.push({ ms: Math.round(outcome.ms), processMs: Math.round(outcome.timings.processMs) });
    }
    console.log(`autoOptimize on 4048x3036 in Chromium: ${JSON.stringify(runs)}`);
    expect(Math.min(...runs.map((r) => r.processMs))).toBeGreaterThan(0);
  });
});
