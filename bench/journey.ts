// `npm run bench:journey`: the host's journey as the host meets it, in headless Chromium against the real app
// (built into a private folder, started as `npm start` starts it), on 8 fixture photos read from
// ../shared/fixtures at run time: analysis, 'Automatisch optimieren', a ZIP with a portal preset, suggestions
// applied, one removal ('Entrümpeln') and one staging ('Virtuell einrichten'). One JSON line last.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  clearModes,
  openModes,
  PASSWORD,
  pickModes,
  startOver,
  uploadPhotos,
} from '../tests/helpers/e2eJourney';
import { CHROMIUM, FIXTURES, openBrowser, REPO, startApp } from '../tests/e2e/harness';
import { median } from './stats';

/** The 18 MP dark DSLR photo first, the 12 MP phone photo, five listing rooms and one FiveK input (PNG). */
const PHOTOS = [
  'photos/canon-dslr.jpg',
  'photos/IMG_20180725_163423.jpg',
  'rooms/kitchen/97_kitchen.jpg',
  'rooms/bathroom/261_bathroom.jpg',
  'rooms/bedroom/220_bedroom.jpg',
  'rooms/frontal/165_frontal.jpg',
  'rooms/living_room/Places365_val_00000785.jpg',
  'enhance-pairs/input/a2803.png',
].map((path) => join(FIXTURES, path));
/** The removal runs on the cluttered 1,024 px kitchen, the staging on the living room the e2e test stages. */
const REMOVAL_PHOTO = join(FIXTURES, 'rooms/kitchen/97_kitchen.jpg');
const STAGING_PHOTO = join(FIXTURES, 'rooms/living_room/Places365_val_00000785.jpg');
const PRESET = 'airbnb';
/** Each step's own limit (a run takes about 70 s on two busy cores). */
const STEP_TIMEOUT = 120_000;

const { values: args } = parseArgs({
  options: { dist: { type: 'string' } },
});

/** The app built into a private folder (never ./dist, which `npm start` and other checkouts share). */
function build(): { dir: string; owned: boolean } {
  if (args.dist) return { dir: args.dist, owned: false };
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-journey-dist-'));
  const vite = join(REPO, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
  return { dir, owned: true };
}

/** Per photo (card index), when it started and finished processing, from the page's own status cards. */
interface Marks {
  started: (number | null)[];
  done: (number | null)[];
  /** Suggestions: when 'n von total' first showed each n. */
  implementing: Record<string, number>;
}

/**
 * Samples the page every 20 ms (in the page, so playwright's round trips do not blur the marks): the processing
 * screen's status cards and the suggestions' 'n von total'.
 */
async function startMarks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __marks: Marks; __marksTimer?: number };
    if (w.__marksTimer) clearInterval(w.__marksTimer);
    w.__marks = { started: [], done: [], implementing: {} };
    w.__marksTimer = window.setInterval(() => {
      const m = w.__marks;
      const now = Date.now();
      document.querySelectorAll('.status-card').forEach((card, i) => {
        const c = card.className;
        if (m.started[i] == null && /--(enhancing|enhanced|error)/.test(c)) m.started[i] = now;
        if (m.done[i] == null && /--(enhanced|error)/.test(c)) m.done[i] = now;
      });
      const count = document.querySelector('.implement-progress__count')?.textContent?.trim();
      if (count && !(count in m.implementing)) m.implementing[count] = now;
    }, 20);
  });
}

const readMarks = (page: Page): Promise<Marks> =>
  page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);

/** Encodes the page's main thread ran (canvas.toBlob, OffscreenCanvas.convertToBlob): the ZIP's encodes. */
const countEncodes = `(() => {
  window.__encodes = 0;
  const wrap = (proto, name) => {
    const original = proto[name];
    proto[name] = function (...a) { window.__encodes += 1; return original.apply(this, a); };
  };
  wrap(OffscreenCanvas.prototype, 'convertToBlob');
  wrap(HTMLCanvasElement.prototype, 'toBlob');
})();`;

const encodes = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __encodes: number }).__encodes);

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = Date.now();
  const value = await fn();
  return { ms: Date.now() - start, value };
}

/** A new account (tests' signUp waits with vitest's expect.poll, which runs only under vitest). */
async function signUp(page: Page, baseUrl: string, credits: number): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('tab', { name: 'Konto erstellen' }).click();
  await page.getByLabel('Name').fill('Bea Bench');
  await page.getByLabel('E-Mail').fill(`bench-${Date.now()}@example.com`);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await page
    .getByTestId('credit-balance')
    .filter({ hasText: `${credits} Credits` })
    .waitFor();
  await page.waitForURL(`${baseUrl}/`);
}

const apply = (page: Page) => page.getByRole('button', { name: 'Optimierungen anwenden' });

async function main(): Promise<void> {
  const chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const sizes = await Promise.all(
    PHOTOS.map(async (path) => {
      const meta = await sharp(path).metadata();
      return { name: basename(path), mp: ((meta.width ?? 0) * (meta.height ?? 0)) / 1e6 };
    }),
  );
  const dist = build();
  const app = await startApp({ STATIC_DIR: dist.dir, STARTING_CREDITS: '500' });
  const browser = await openBrowser();
  await browser.context.addInitScript(countEncodes);
  const { page } = browser;
  page.setDefaultTimeout(STEP_TIMEOUT);
  const n = PHOTOS.length;
  // The whole run's limit: closing the browser fails the step that waits, and the server is stopped below.
  const deadline = setTimeout(() => {
    console.error('bench:journey: over 10 minutes, stopped');
    void browser.close();
  }, 10 * 60_000);
  try {
    await signUp(page, app.url, 500);

    // The detector's model loads with the first analysis; a small photo first keeps that out of the step.
    const cold = await timed(async () => {
      await uploadPhotos(page, [STAGING_PHOTO]);
      await openModes(page, 1);
    });
    await page.getByRole('button', { name: 'Zurück', exact: true }).first().click();
    await page.getByRole('button', { name: 'Alle löschen' }).click();
    await page.getByRole('button', { name: 'Ja, alle löschen' }).click();
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();

    await uploadPhotos(page, PHOTOS);
    const analysis = await timed(() => openModes(page, n));

    await clearModes(page);
    await pickModes(page, ['Automatisch optimieren']);
    await startMarks(page);
    const auto = await timed(async () => {
      await apply(page).click();
      await page.getByRole('heading', { name: 'Deine optimierten Bilder' }).waitFor();
    });
    const autoMarks = await readMarks(page);
    const autoPerPhoto = PHOTOS.map((_, i) => {
      const [s, d] = [autoMarks.started[i], autoMarks.done[i]];
      return s != null && d != null ? d - s : NaN;
    });

    await page.getByLabel('Exportieren für').selectOption(PRESET);
    const encodesBefore = await encodes(page);
    const zip = await timed(async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Alle herunterladen' }).click(),
      ]);
      await download.path();
    });
    const zipEncodes = (await encodes(page)) - encodesBefore;
    await page.getByLabel('Exportieren für').selectOption('original');

    const making = await timed(async () => {
      await page.getByRole('button', { name: 'Weitere Optimierungen', exact: true }).click();
      await page.getByRole('heading', { name: 'Unsere Verbesserungsvorschläge' }).waitFor();
    });
    const ticked = page.getByRole('tabpanel').getByRole('checkbox', { checked: true });
    if ((await ticked.count()) === 0) await page.locator('.suggestion').first().getByRole('checkbox').check();
    await startMarks(page);
    const suggestions = await timed(async () => {
      await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
      await page.getByRole('heading', { name: 'Fertig optimiert' }).waitFor();
    });
    const end = Date.now();
    const implementing = Object.entries((await readMarks(page)).implementing)
      .map(([text, at]) => ({ n: Number(/^(\d+)/.exec(text)?.[1] ?? NaN), at }))
      .sort((a, b) => a.n - b.n);
    const suggestionsPerPhoto = implementing.map((m, i) => (implementing[i + 1]?.at ?? end) - m.at);

    await startOver(page);
    await uploadPhotos(page, [REMOVAL_PHOTO]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Entrümpeln']);
    const removal = await timed(async () => {
      await apply(page).click();
      await page.getByRole('heading', { name: 'Deine optimierten Bilder' }).waitFor();
    });

    await startOver(page);
    await uploadPhotos(page, [STAGING_PHOTO]);
    await openModes(page, 1);
    const card = page.getByRole('button', { name: /^Virtuell einrichten/ });
    if ((await card.count()) === 0) {
      await page.getByRole('button', { name: 'weitere Optimierungen anzeigen' }).click();
    }
    await card.first().click();
    const dialog = page.getByRole('dialog', { name: 'Virtuell einrichten' });
    const stagingAnalyse = await timed(async () => {
      await dialog.getByRole('button', { name: 'Raum analysieren' }).click();
      await dialog.getByRole('list', { name: 'Möbel auswählen' }).getByRole('listitem').first().waitFor();
    });
    const finish = dialog.getByRole('button', { name: /^Fertigstellen/ });
    const stagingPlace = await timed(async () => {
      await dialog.getByRole('button', { name: 'Raum einrichten' }).click();
      await finish.waitFor();
      const until = Date.now() + STEP_TIMEOUT;
      while (!(await finish.isEnabled())) {
        if (Date.now() > until) throw new Error('staging: the finish never became possible');
        await page.waitForTimeout(50);
      }
    });
    const stagingFinish = await timed(async () => {
      await finish.click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Virtuell eingerichtet!' }).waitFor();
    });

    const steps = {
      analysis: Math.round(analysis.ms / n),
      autoOptimize: Math.round(median(autoPerPhoto.filter(Number.isFinite))),
      removal: removal.ms,
      suggestions: Math.round(median(suggestionsPerPhoto)),
      staging: stagingAnalyse.ms + stagingPlace.ms + stagingFinish.ms,
      zipPreset: Math.round(zip.ms / n),
    };

    const row = (cells: (string | number)[]) => console.log(cells.map(String).join(' | '));
    console.log(`\n${chromium}, ${n} photos, load average ${loadavg()[0]!.toFixed(1)}`);
    row(['step', 'ms per photo', 'what is timed']);
    row([
      'analysis',
      steps.analysis,
      `${analysis.ms} ms for ${n} photos, model warm (cold, 1 photo: ${cold.ms})`,
    ]);
    row(['autoOptimize', steps.autoOptimize, `median per photo; whole batch ${auto.ms} ms`]);
    row(['removal', steps.removal, `'Entrümpeln', ${basename(REMOVAL_PHOTO)}, click to toast`]);
    row([
      'suggestions',
      steps.suggestions,
      `median per photo; applying ${suggestions.ms}, making ${making.ms}`,
    ]);
    row([
      'staging',
      steps.staging,
      `analyse ${stagingAnalyse.ms} + place ${stagingPlace.ms} + finish ${stagingFinish.ms}`,
    ]);
    row(['zipPreset', steps.zipPreset, `${PRESET}: ${zip.ms} ms, ${zipEncodes} encodes for ${n} photos`]);
    console.log('');
    row(['photo', 'MP', 'autoOptimize ms']);
    sizes.forEach((s, i) => row([s.name, s.mp.toFixed(1), autoPerPhoto[i] ?? '']));
    // The progress says 'n von total', not which photo: the photos with a fix ticked, in the order applied.
    console.log(`suggestions applied, photo by photo: ${suggestionsPerPhoto.join(', ')} ms`);
    console.log(
      JSON.stringify({
        steps,
        chromium,
        photos: n,
        encodesPerPhoto: zipEncodes / n,
        totals: {
          analysisColdOnePhoto: cold.ms,
          analysis: analysis.ms,
          autoOptimize: auto.ms,
          suggestionsMaking: making.ms,
          suggestions: suggestions.ms,
          zipPreset: zip.ms,
        },
        autoOptimizePerPhoto: Object.fromEntries(sizes.map((s, i) => [s.name, autoPerPhoto[i] ?? null])),
        suggestionsPerPhoto,
      }),
    );
  } finally {
    clearTimeout(deadline);
    await browser.close();
    await app.stop();
    if (dist.owned) rmSync(dist.dir, { recursive: true, force: true });
  }
}

await main();
