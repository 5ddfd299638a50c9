// The journey where it goes wrong, in real Chromium against `npm start` on the builtin provider, with an account
// that starts with 3 credits: the analysis fails, too few credits (caught in the browser, and the server's 402 at
// a balance of 0), one failing photo among good ones, none succeeding, a reload in the middle of processing and
// of the suggestions, and a final result whose images this device no longer holds. The page is told the offer of
// a generative server (GET /api/ai-capabilities answered here), as a page whose server changed its provider
// would be: so it lets modes be ticked that the builtin server then refuses, each failing alone.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../server/paid/ledger';
import { openDatabase } from '../../server/store/db';
import {
  clearModes,
  holdRequests,
  imageModes,
  modesHeading,
  dropStoredResults,
  openModes,
  PHOTOS,
  pickModes,
  signUp,
  startOver,
  tickedModes,
  uploadPhotos,
  waitForSnapshot,
} from '../helpers/e2eJourney';
import { expectText, openBrowser, startApp, toastText, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let email = '';
/** Every POST /api/enhance-image the page made. */
let enhanceCalls = 0;

beforeAll(async () => {
  app = await startApp({ STARTING_CREDITS: '3' });
  browser = await openBrowser();
  await browser.context.route('**/api/ai-capabilities', async (route) => {
    const builtin = (await (await route.fetch()).json()) as { approximatedModeIds: string[] };
    await route.fulfill({
      json: { approximatedModeIds: builtin.approximatedModeIds, unavailableModeIds: [] },
    });
  });
  browser.page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/enhance-image')) enhanceCalls += 1;
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const h2 = () => browser.page.getByRole('heading', { level: 2 }).first();
const balance = () => browser.page.getByTestId('credit-balance');
const dialog = () => browser.page.getByRole('dialog', { name: 'Nicht genügend Credits' });
const apply = () => browser.page.getByRole('button', { name: 'Optimierungen anwenden' });
/** Text with the non-breaking spaces of Intl's euro format made plain. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Changes the account's balance behind the page's back, straight in the app's SQLite file. */
async function ledger(change: 'charge' | 'grant', amount: number): Promise<void> {
  const db = await openDatabase(join(app.dir, 'raumglanz.db'));
  try {
    const { id } = await db.kysely
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const credits = createLedger(db);
    const input = { userId: id, amount, idempotencyKey: `e2e:${change}:${Date.now()}`, reason: 'e2e' };
    if (change === 'grant') await credits.grant(input);
    else expect((await credits.charge(input)).ok).toBe(true);
  } finally {
    await db.close();
  }
}

describe('the journey when things go wrong', () => {
  it('opens the mode selection with the standard modes when the analysis fails, and survives a reload in it', async () => {
    const { page, context } = browser;
    email = await signUp(page, app.url, 'Karla Knapp', 3);
    // Neither the room detector's model nor the server's analysis can be reached.
    await context.route('**/models/**', (route) => route.abort('failed'));
    await context.route('**/api/analyze-image', (route) => route.abort('failed'));
    try {
      await uploadPhotos(page, [PHOTOS.exterior]);
      await page.getByRole('button', { name: '1 Bild optimieren' }).click();
      expect(await toastText(page, 'Analyse fehlgeschlagen', 60_000)).toContain(
        'Standardoptimierungen werden empfohlen',
      );
      await modesHeading(page).waitFor();
      // No room was detected: the first two modes of the 'general' room are preselected.
      expect(await page.getByText(/^Erkannt:/).count()).toBe(0);
      // Signed in, so the paid one is preselected too.
      expect(await tickedModes(page)).toEqual(['Persönliches wegräumen', 'Gesamtes Bild heller']);
    } finally {
      await context.unroute('**/models/**');
      await context.unroute('**/api/analyze-image');
    }
    // Back on the upload page, 'Optimieren' analyses again. A reload in the middle of it keeps the photo, and
    // the analysis runs again from the start.
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    const model = await holdRequests(context, '**/models/**');
    await page.getByRole('button', { name: '1 Bild optimieren' }).click();
    await page.getByRole('heading', { name: 'Ich schaue mir deine Bilder erstmal an...' }).waitFor();
    await model.arrived();
    await waitForSnapshot(page, (s) => s.analysisStatus === 'running');
    await page.reload();
    model.release();
    await model.dispose();
    await page.getByRole('heading', { name: 'Deine Bilder (1)' }).waitFor();
    await openModes(page, 1);
    await expectText(page.getByText(/^Erkannt:/), 'Erkannt: Außenbereich');
  });

  it('refuses a selection that costs more than the balance, with packages and the way to /preise', async () => {
    const { page } = browser;
    await clearModes(page);
    await pickModes(page, ['Fensterblick', 'Entrümpeln']);
    // Signed in with too few credits: what is needed, and a way to get more.
    await page.getByText('5 Credits benötigt').waitFor();
    await page.getByRole('button', { name: 'Credits aufladen' }).waitFor();

    await apply().click();
    await dialog().waitFor();
    expect(plain(await dialog().innerText())).toContain('Dir fehlen 2 Credits für diese Optimierung.');
    expect(plain(await dialog().innerText())).toContain('Benötigt: 5 · Vorhanden: 3');
    const packages = (await dialog().locator('.package').allInnerTexts()).map(plain);
    expect(packages).toEqual([
      'Starter 10 Credits 4,99 €',
      'Beliebt 25 Credits 9,99 € 20% Ersparnis',
      'Profi 50 Credits 14,99 € 40% Ersparnis',
    ]);
    await dialog().getByText('Credits verfallen nie.').waitFor();
    // Nothing was sent, nothing charged.
    expect(enhanceCalls).toBe(0);
    await expectText(balance(), '3 Credits');

    await dialog().getByRole('button', { name: 'Zu den Preisen' }).click();
    await page.waitForURL(`${app.url}/preise`);
    await page.getByRole('heading', { name: 'Credits & Preise', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Credits kaufen' }).first().click();
    await toastText(page, 'Diese Funktion kommt bald!');
    // Back in the app, the selection is still there.
    await page.getByRole('link', { name: 'Zurück zur App' }).click();
    await modesHeading(page).waitFor();
    expect((await tickedModes(page)).sort()).toEqual(['Entrümpeln', 'Fensterblick']);
    await page.getByRole('button', { name: 'Credits aufladen' }).click();
    await page.waitForURL(`${app.url}/preise`);
    await page.goBack();
    await modesHeading(page).waitFor();
  });

  it("opens the dialog on the server's 402 too, saying 'keine Credits mehr' at a balance of 0", async () => {
    const { page } = browser;
    await ledger('charge', 3);
    // The page still believes in 3 credits; one credit's worth is sent and the server refuses. (A paid mode: the
    // builtin provider's classical approximations, such as 'Erster Eindruck', are free.)
    await clearModes(page);
    await pickModes(page, ['Flecken und Kabel entfernen']);
    await page.getByText('Kosten: 1 Credit').waitFor();
    await apply().click();
    await dialog().waitFor();
    expect(plain(await dialog().innerText())).toContain('Du hast keine Credits mehr.');
    expect(plain(await dialog().innerText())).toContain('Benötigt: 1 · Vorhanden: 0');
    expect(enhanceCalls).toBe(1);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await modesHeading(page).waitFor();
    // The workflow now knows the balance: the 'credit needed' hint shows without another request.
    await page.getByText('1 Credit benötigt').waitFor();
    await expectText(balance(), '0 Credits');
  });

  it('lets one failing photo fail alone while the others are enhanced', async () => {
    const { page } = browser;
    await ledger('grant', 10);
    await page.reload();
    await expectText(balance(), '10 Credits');
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await page.getByRole('button', { name: 'Alle löschen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, alle löschen' }).click();
    // The builtin provider clears the kitchen's counters (real removal, paid) but cannot make a bathroom spa-clean:
    // that photo is refused before anything is charged.
    await uploadPhotos(page, [PHOTOS.kitchen, PHOTOS.bathroom, PHOTOS.exterior]);
    await openModes(page, 3);
    await page.getByRole('radio', { name: 'Einzeln' }).click();
    await clearModes(imageModes(page, 1));
    await pickModes(imageModes(page, 1), ['Arbeitsflächen freiräumen']);
    await clearModes(imageModes(page, 2));
    await pickModes(imageModes(page, 2), ['Spa-Sauberkeit']);
    await clearModes(imageModes(page, 3));
    await pickModes(imageModes(page, 3), ['Goldene Stunde']);

    const gate = await holdRequests(page, '**/api/enhance-image', 1);
    await apply().click();
    await gate.arrived(2);
    const cards = page.locator('.status-card');
    const message = 'Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.';
    await expectText(cards.nth(0).locator('.status-card__status'), 'Fertig');
    await expectText(cards.nth(1).locator('.status-card__status'), 'Wird optimiert…');
    await page.getByText(/^1 von 3 Bildern fertig/).waitFor();
    gate.release();
    await expectText(cards.nth(1).locator('.status-card__status'), `Fehler: Spa-Sauberkeit – ${message}`);
    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '2 von 3 Bildern erfolgreich optimiert, 1 Fehler',
    );
    await gate.dispose();
    await expectText(h2(), 'Deine optimierten Bilder');
    // Which mode failed, and why, in German.
    await page.getByText(`Fehler: Spa-Sauberkeit – ${message}`).waitFor();
    await expect.poll(() => page.getByRole('slider').count()).toBe(2);
    // Only the kitchen's server mode was charged.
    await expectText(balance(), '9 Credits');
  });

  it("says 'Keines der Bilder konnte erfolgreich optimiert werden.' when every photo fails", async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Zurück zur Modusauswahl' }).click();
    await modesHeading(page).waitFor();
    await clearModes(imageModes(page, 1));
    await clearModes(imageModes(page, 3));
    await apply().click();
    expect(await toastText(page, 'Keines der Bilder')).toContain(
      'Keines der Bilder konnte erfolgreich optimiert werden.',
    );
    await modesHeading(page).waitFor();
    await expectText(balance(), '9 Credits');
  });

  it('keeps everything across a reload in the middle of processing, and runs again', async () => {
    const { page } = browser;
    await pickModes(imageModes(page, 1), ['Warmes Licht']);
    await clearModes(imageModes(page, 2));
    await pickModes(imageModes(page, 2), ['Glänzende Armaturen']);
    await pickModes(imageModes(page, 3), ['Goldene Stunde']);
    const gate = await holdRequests(page, '**/api/enhance-image');
    await apply().click();
    await gate.arrived(1);
    await expectText(page.locator('.status-card__status').nth(0), 'Fertig');
    await waitForSnapshot(page, (s) => s.batch !== null);
    await page.reload();
    gate.release();
    await gate.dispose();

    // The interrupted batch lands on the mode selection with everything chosen still there.
    await modesHeading(page).waitFor();
    expect(await page.getByRole('radio', { name: 'Einzeln' }).getAttribute('aria-checked')).toBe('true');
    expect(await tickedModes(imageModes(page, 1))).toEqual(['Warmes Licht']);
    expect(await tickedModes(imageModes(page, 2))).toEqual(['Glänzende Armaturen']);
    expect(await tickedModes(imageModes(page, 3))).toEqual(['Goldene Stunde']);
    // The held request never reached the server: nothing was charged.
    await expectText(balance(), '9 Credits');
    await apply().click();
    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '3 von 3 Bildern erfolgreich optimiert',
    );
    // The builtin provider's shine for fixtures is a classical approximation: free.
    await expectText(balance(), '9 Credits');
  });

  it("counts the time left down by the photos' megapixels, in 'm:ss Min', seconds and 'Fast fertig...'", async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Zurück zur Modusauswahl' }).click();
    await modesHeading(page).waitFor();
    await pickModes(imageModes(page, 1), ['Geräte zum Glänzen bringen']);
    await pickModes(imageModes(page, 3), ['Erster Eindruck']);
    // The page's clock is set by hand from here on; its timers still run, so the countdown ticks every second.
    const t0 = Date.now();
    const at = (seconds: number) => page.clock.setFixedTime(t0 + seconds * 1000);
    await at(0);
    const gate = await holdRequests(page, '**/api/enhance-image');
    await apply().click();
    await gate.arrived(1);
    const count = page.locator('.processing__count');
    // Before any photo is done, each is expected to take 4 s plus 4 s per megapixel: the kitchen (1024 x 680)
    // 6.8 s, the bathroom (640 x 427) 5.1 s, the exterior (720 x 480) 5.4 s, together 17.3 s.
    await expectText(count, '0 von 3 Bildern fertig · Noch etwa 17 Sekunden');
    await at(10);
    await expectText(count, '0 von 3 Bildern fertig · Noch etwa 7 Sekunden');
    // The kitchen took 40 s instead of 6.8 s: at that pace the other two (10.5 s expected) take about 62 s ...
    await at(40);
    gate.releaseOne();
    await gate.arrived(2);
    await expectText(count, '1 von 3 Bildern fertig · Noch etwa 1:02 Min');
    // ... counting down while the second one runs, not up.
    await at(70);
    await expectText(count, '1 von 3 Bildern fertig · Noch etwa 32 Sekunden');
    await at(118);
    await expectText(count, '1 von 3 Bildern fertig · Fast fertig...');
    gate.release();
    await gate.dispose();
    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '3 von 3 Bildern erfolgreich optimiert',
    );
    // Only classical approximations (free) and device modes ran.
    await expectText(balance(), '9 Credits');
  });

  it('keeps everything across a reload while suggestions are made and while they are implemented', async () => {
    const { page } = browser;
    const making = await holdRequests(page, '**/api/generate-suggestions');
    await page.getByRole('button', { name: 'Weitere Optimierungen', exact: true }).click();
    await page.getByText('Vorschläge werden erstellt…').waitFor();
    await making.arrived();
    await waitForSnapshot(page, (s) => s.suggestionsLoading === true);
    await page.reload();
    making.release();
    await making.dispose();
    await expectText(h2(), 'Deine optimierten Bilder');
    await expect.poll(() => page.getByRole('slider').count()).toBe(3);

    await page.getByRole('button', { name: 'Weitere Optimierungen', exact: true }).click();
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    const first = page.locator('.suggestion').first().getByRole('checkbox');
    await first.check();
    await page.getByLabel('Eigener Vorschlag (optional)').fill('Wärmer und heller');
    const implementing = await holdRequests(page, '**/api/implement-suggestions');
    await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
    await page.getByText('Vorschläge werden umgesetzt…').waitFor();
    expect(await first.isDisabled()).toBe(true);
    await implementing.arrived();
    await waitForSnapshot(page, (s) => s.implementing === true);
    await page.reload();
    implementing.release();
    await implementing.dispose();

    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    expect(await first.isChecked()).toBe(true);
    expect(await first.isDisabled()).toBe(false);
    expect(await page.getByLabel('Eigener Vorschlag (optional)').inputValue()).toBe('Wärmer und heller');
    await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
    await expectText(h2(), 'Fertig optimiert');
  });

  it('says so when the final images are gone from this device, and when a download cannot be made', async () => {
    const { page } = browser;
    await waitForSnapshot(page, (s) => s.finalResult !== null);
    // The browser evicted the stored results (or the user cleared site data in part).
    await dropStoredResults(page);
    await page.reload();
    await expectText(h2(), 'Fertig optimiert');
    await expectText(
      page.getByRole('alert').filter({ hasText: 'Kein optimiertes Bild' }),
      'Kein optimiertes Bild zum Anzeigen gefunden. Bitte versuche es erneut.',
    );
    expect(await page.getByRole('button', { name: 'Dieses Bild herunterladen' }).count()).toBe(0);

    // Back on the results the photos are listed, but there is nothing to download.
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await expectText(h2(), 'Deine optimierten Bilder');
    await page.getByRole('button', { name: 'Alle herunterladen' }).click();
    expect(await toastText(page, 'Download fehlgeschlagen')).toContain('Bitte versuche es erneut.');

    await startOver(page);
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
  });

  it('logged no unexpected errors in the browser', () => {
    // The refused calls (402, 422, aborted analysis) show up as failed loads; nothing else may.
    expect(browser.errors.filter((e) => !/Failed to load resource|ERR_FAILED/.test(e))).toEqual([]);
  });
});
