// The outbox in real Chromium against `npm start` on the builtin provider: server jobs made offline wait in
// IndexedDB ('Wartet auf Verbindung'), survive a reload, are retried while the server is down, and run once
// after the server restarted on the same database; the ledger (the SQLite file) shows one charge per key.
// A cancelled queued job is never charged.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearModes,
  imageModes,
  openModes,
  PHOTOS,
  pickModes,
  signUp,
  startOver,
  uploadPhotos,
} from '../helpers/e2eJourney';
import {
  expectText,
  freePort,
  openBrowser,
  startApp,
  toastText,
  waitForServiceWorker,
  type Browser,
  type RunningApp,
} from './harness';

let app: RunningApp | null = null;
let browser: Browser;
let port: number;
const dataDir = mkdtempSync(join(tmpdir(), 'raumglanz-outbox-'));
const DATABASE_PATH = join(dataDir, 'raumglanz.db');

const start = async () => {
  app = await startApp({ PORT: String(port), DATABASE_PATH });
  return app;
};

/** Every charge in the ledger: its key and amount. */
function charges(): { key: string; amount: number }[] {
  const db = new Database(DATABASE_PATH, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "SELECT idempotency_key AS key, amount FROM credit_ledger WHERE kind = 'charge' ORDER BY created_at",
      )
      .all() as { key: string; amount: number }[];
  } finally {
    db.close();
  }
}

/** The Idempotency-Keys of the jobs waiting in the page's IndexedDB. */
const queuedKeys = () =>
  browser.page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('raumglanz');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAllKeys();
          request.onsuccess = () => resolve(request.result.map(String));
          request.onerror = () => reject(request.error);
        };
      }),
  );

/** Successful answers of the server to /api/enhance-image: a job that ran twice would show two. */
let enhanceAnswers = 0;

beforeAll(async () => {
  port = await freePort();
  await start();
  browser = await openBrowser();
  browser.page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/enhance-image' && response.ok()) enhanceAnswers += 1;
  });
});
afterAll(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const h2 = () => browser.page.getByRole('heading', { level: 2 }).first();
const jobs = () => browser.page.getByTestId('outbox-job');

describe('the outbox', () => {
  it('queues a server mode and a suggestion request offline; they survive a reload', async () => {
    const { page, context } = browser;
    await page.goto(app!.url);
    await waitForServiceWorker(page);
    await signUp(page, app!.url, 'Olga Offline', 10);
    await context.setOffline(true);
    await page.reload();
    await uploadPhotos(page, [PHOTOS.bathroom, PHOTOS.kitchen]);
    await openModes(page, 2);
    await page.getByRole('radio', { name: 'Einzeln' }).click();
    await clearModes(imageModes(page, 1));
    await pickModes(imageModes(page, 1), ['Aufhellen']);
    await clearModes(imageModes(page, 2));
    await pickModes(imageModes(page, 2), ['Arbeitsflächen freiräumen']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();

    expect(await toastText(page, 'Wartet auf Verbindung')).toContain('1 Auftrag/Aufträge');
    await expectText(h2(), 'Deine optimierten Bilder');
    await page.getByText('Fehler: Wartet auf Verbindung').waitFor();
    await expect.poll(() => jobs().count()).toBe(1);

    // The device's photo is enhanced, so suggestions can be asked for: offline they wait too.
    await page.getByRole('button', { name: 'Weitere Optimierungen' }).click();
    await expect.poll(() => jobs().count()).toBe(2);
    const keys = await queuedKeys();
    expect(keys).toHaveLength(2);

    await page.reload();
    await expect.poll(() => jobs().count()).toBe(2);
    await page.getByText('Fehler: Wartet auf Verbindung').waitFor();
    expect((await queuedKeys()).sort()).toEqual([...keys].sort());
    expect(charges()).toEqual([]);
  });

  it('keeps them while the server is down, then runs each once after the server restarted', async () => {
    const { page, context } = browser;
    await app!.stop();
    app = null;
    await context.setOffline(false);
    // The `online` event sent them to a server that is not there: still queued, nothing charged.
    await expect.poll(() => jobs().count(), { timeout: 10_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await jobs().count()).toBe(2);

    await start();
    // The removal runs on the server (builtin provider, a worker thread): give it time on a busy machine.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Wieder online' }).first();
    await toast.waitFor({ timeout: 120_000 });
    expect(await toast.innerText()).toContain('2 Ergebnis(se)');
    await expect.poll(() => jobs().count(), { timeout: 60_000 }).toBe(0);
    expect(enhanceAnswers).toBe(1);
    expect(await queuedKeys()).toEqual([]);
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');

    const paid = charges();
    expect(paid).toHaveLength(1);
    expect(paid[0]!.amount).toBeLessThan(0);
    // The balance the server reports agrees: 10 starter credits less the one job.
    const balance = await page.evaluate(async () => (await (await fetch('/api/credits')).json()) as unknown);
    expect(balance).toMatchObject({ credits: 10 + paid[0]!.amount });
    // A further flush (a reload, the next start) sends nothing again.
    await page.reload();
    await new Promise((r) => setTimeout(r, 2_000));
    expect(charges()).toHaveLength(1);
  });

  it('cancels a queued job: nothing is sent, nothing charged', async () => {
    const { page, context } = browser;
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await expectText(h2(), 'Deine optimierten Bilder');
    await startOver(page);
    await context.setOffline(true);
    await uploadPhotos(page, [PHOTOS.kitchen]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Arbeitsflächen freiräumen']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await expect.poll(() => jobs().count()).toBe(1);
    await jobs().getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => jobs().count()).toBe(0);
    expect(await queuedKeys()).toEqual([]);
    await context.setOffline(false);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(charges()).toHaveLength(1);
    expect(enhanceAnswers).toBe(1);
  });

  it('a 503 with Retry-After: the job waits as asked and is sent again with the same key', async () => {
    const { page } = browser;
    await startOver(page);
    const keys: string[] = [];
    let refused = 0;
    await page.route('**/api/enhance-image', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (refused++ === 0) {
        await route.fulfill({
          status: 503,
          headers: { 'retry-after': '2', 'content-type': 'application/json' },
          body: JSON.stringify({ error: 'Dienst nicht verfügbar', code: 'SERVICE_UNAVAILABLE' }),
        });
      } else await route.continue();
    });
    await uploadPhotos(page, [PHOTOS.kitchen]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Arbeitsflächen freiräumen']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await expect.poll(() => jobs().count()).toBe(1);
    await expect.poll(() => jobs().count(), { timeout: 120_000 }).toBe(0);
    await page.unroute('**/api/enhance-image');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(enhanceAnswers).toBe(2);
    expect(charges()).toHaveLength(2);
  });

  it('a closed tab: the job queued offline is sent when the app is opened again', async () => {
    const { context } = browser;
    const page = browser.page;
    await startOver(page);
    await context.setOffline(true);
    await uploadPhotos(page, [PHOTOS.kitchen]);
    await openModes(page, 1);
    await clearModes(page);
    await pickModes(page, ['Arbeitsflächen freiräumen']);
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await expect.poll(() => jobs().count()).toBe(1);
    await page.close();

    await context.setOffline(false);
    const reopened = await context.newPage();
    reopened.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/enhance-image' && response.ok()) enhanceAnswers += 1;
    });
    await reopened.goto(app!.url);
    await expect.poll(() => enhanceAnswers, { timeout: 120_000 }).toBe(3);
    await expect.poll(() => reopened.getByTestId('outbox-job').count()).toBe(0);
    expect(charges()).toHaveLength(3);
    browser.page = reopened;
  });
});
