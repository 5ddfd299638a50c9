// `node --import tsx bench/stagingRender.ts [--runs N] [--photo <jpg>] [--png <out.png>]`: the staging export's
// render time in headless Chromium (software WebGL), the way `npm run stage` renders: a Vite dev server in
// middleware mode serves a page importing bench/page/stagingRender.ts, the furniture comes through
// stagingAssetRouter(). Renders one fixture photo at 2048 px with six pieces N times in one page (the first is
// cold: GLB loading and shader compiling; the rest warm), then once more in a fresh page after prewarmStaging (as
// the stage readies the export while the user arranges); prints each run's split by stage; checks the photo is
// unchanged outside the layer, and ends with one JSON line: {"coldMs","warmMedianMs","warmMs":[...],"prewarmMs",
// "coldAfterPrewarmMs","width","height","changedOutside","coldSplit","warmSplit","notes"}.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runMain } from '../scripts/lib/runMain';
import { launchChromium, serveStagingPage } from '../scripts/lib/stagingPage';
import type { StagingRunResult } from './page/stagingRender';
import { median } from './stats';

const DEFAULT_PHOTO = '../shared/fixtures/rooms/bedroom/97_bedroom.jpg';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      photo: { type: 'string', default: DEFAULT_PHOTO },
      png: { type: 'string' },
    },
  });
  const runs = Math.max(2, Number(values.runs));
  const page = await serveStagingPage('/bench/page/stagingRender.ts', await readFile(values.photo!));
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => process.stderr.write(`page: ${error.message}\n`));
    await tab.goto(page.origin + '/');
    await tab.waitForFunction(() => 'stagingRun' in globalThis, undefined, { timeout: 120_000 });
    const results: StagingRunResult[] = [];
    for (let i = 0; i < runs; i++) {
      const last = i === runs - 1;
      const r = await tab.evaluate(
        ([url, keep]) =>
          (
            globalThis as unknown as { stagingRun(u: string, k: boolean): Promise<StagingRunResult> }
          ).stagingRun(url, keep),
        ['/photo', last && Boolean(values.png)] as [string, boolean],
      );
      process.stdout.write(
        `run ${i + 1}/${runs} (${i ? 'warm' : 'cold'}): ${Math.round(r.ms)} ms, ${r.width}x${r.height}, ` +
          `${r.boxes} pieces seen, ${r.covered} px covered, ${r.changedOutside} px changed outside\n` +
          `  split: ${Object.entries(r.timings)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')} ms\n`,
      );
      if (last && r.png && values.png)
        await writeFile(values.png, Buffer.from(r.png.split(',')[1]!, 'base64'));
      results.push({ ...r, png: undefined });
    }
    // What the stage does (stage.ts): a fresh page readies the export while the user arranges, then exports.
    const fresh = await browser.newPage();
    fresh.on('pageerror', (error) => process.stderr.write(`page: ${error.message}\n`));
    await fresh.goto(page.origin + '/');
    await fresh.waitForFunction(() => 'stagingPrewarm' in globalThis, undefined, { timeout: 120_000 });
    const prewarmMs = await fresh.evaluate(
      (url) => (globalThis as unknown as { stagingPrewarm(u: string): Promise<number> }).stagingPrewarm(url),
      '/photo',
    );
    const afterPrewarm = await fresh.evaluate(
      (url) =>
        (
          globalThis as unknown as { stagingRun(u: string, k: boolean): Promise<StagingRunResult> }
        ).stagingRun(url, false),
      '/photo',
    );
    process.stdout.write(
      `prewarm ${Math.round(prewarmMs)} ms, then first export ${Math.round(afterPrewarm.ms)} ms ` +
        `(${afterPrewarm.changedOutside} px changed outside)\n`,
    );
    results.push({ ...afterPrewarm, png: undefined });
    const warm = results.slice(1, -1).map((r) => Math.round(r.ms));
    const changedOutside = Math.max(...results.map((r) => r.changedOutside));
    const summary = {
      coldMs: Math.round(results[0]!.ms),
      warmMedianMs: median(warm),
      warmMs: warm,
      prewarmMs: Math.round(prewarmMs),
      coldAfterPrewarmMs: Math.round(afterPrewarm.ms),
      width: results[0]!.width,
      height: results[0]!.height,
      changedOutside,
      coldSplit: results[0]!.timings,
      warmSplit: results.at(-2)!.timings,
      notes: results[0]!.notes,
    };
    process.stdout.write(JSON.stringify(summary) + '\n');
    // The photo outside the pieces and their shadows must come through untouched, bit for bit.
    return changedOutside === 0 && results.every((r) => r.boxes === 6) ? 0 : 1;
  } finally {
    await browser.close();
    await page.close();
  }
}

runMain(main);
