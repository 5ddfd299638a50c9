// The whole journey in real Chromium against `npm start` on the builtin (offline) AI provider, with real photos:
// a visitor picks server modes and is sent to /login first, signs up and finds the selection again; 'Einzeln'
// with different modes per photo; processing (status cards, 'x von n Bildern fertig', countdown, tips, credits
// refreshed 1 s after the start and at the end); results (slider 50 %, clamped 10-90 %, ZIP); suggestions (a fix
// ticked by default, tips without a box, the toast with none ticked, progress photo by photo) with one ticked and
// one custom; final ('x von n' wrapping, one download, the ZIP, 'Angewendete Verbesserungen' per photo);
// back navigation of SPEC section 4 step by step; a reload at every step; and reset.

import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearModes,
  holdRequests,
  imageModes,
  modesHeading,
  openModes,
  PHOTOS,
  pickModes,
  readZip,
  signUpHere,
  startOver,
  tickedModes,
  toastsOnScreen,
  uploadPhotos,
  waitForSnapshot,
} from '../helpers/e2eJourney';
import { expectText, openBrowser, startApp, toastText, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
/** Times (ms since epoch) of every GET /api/credits the page made. */
const creditReads: number[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
  browser.page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/credits') {
      creditReads.push(Date.now());
    }
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const FILES = [PHOTOS.bathroom, PHOTOS.kitchen, PHOTOS.exterior];
const h2 = () => browser.page.getByRole('heading', { level: 2 }).first();
const balance = () => browser.page.getByTestId('credit-balance');

/** Reloads and waits for the screen whose h2 is `heading`, once the last change is saved. */
async function reloadOn(heading: string, saved: (s: Record<string, unknown>) => boolean): Promise<void> {
  const { page } = browser;
  await waitForSnapshot(page, saved);
  await page.reload();
  await expectText(h2(), heading);
}

describe('the whole journey on the builtin provider', () => {
  it('sends a visitor who picks server modes to /login first, and keeps the choice across sign-up', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await uploadPhotos(page, FILES);
    await openModes(page, 3);
    await expectText(page.getByText(/^Erkannt:/), 'Erkannt: Verschiedene Räume');
    // A visitor has 0 credits: the 'credits needed' pill and 'Credits aufladen' are for signed-in users only.
    expect(await page.getByRole('button', { name: 'Credits aufladen' }).count()).toBe(0);

    const uniform = await tickedModes(page);
    expect(uniform.length).toBeGreaterThan(0);
    await page.getByRole('radio', { name: 'Einzeln' }).click();
    expect(await page.getByRole('radio', { name: 'Einzeln' }).getAttribute('aria-checked')).toBe('true');
    // 'Einzeln' starts every photo from the choice made for all (SPEC section 4).
    for (const n of [1, 2, 3]) {
      expect((await tickedModes(imageModes(page, n))).sort()).toEqual([...uniform].sort());
    }
    await expectText(imageModes(page, 1).locator('.pill').first(), 'Badezimmer');
    await expectText(imageModes(page, 2).locator('.pill').first(), 'Küche');
    await expectText(imageModes(page, 3).locator('.pill').first(), 'Außenbereich');

    await clearModes(imageModes(page, 1));
    await pickModes(imageModes(page, 1), ['Glänzende Armaturen', 'Hell und frisch']);
    // The kitchen's modes are recommended for the kitchen photo, not offered for the bathroom.
    const counters = (n: number) =>
      imageModes(page, n).getByRole('checkbox', { name: /^Arbeitsflächen freiräumen/ });
    expect(await counters(1).count()).toBe(0);
    expect(await counters(2).getByText('Empfohlen').count()).toBe(1);
    await clearModes(imageModes(page, 2));
    // The builtin provider's classical approximations are free; clearing the counters is real removal, and paid.
    await pickModes(imageModes(page, 2), ['Arbeitsflächen freiräumen']);
    await clearModes(imageModes(page, 3));
    await pickModes(imageModes(page, 3), ['Erster Eindruck', 'Goldene Stunde']);
    const bar = page.getByRole('region', { name: 'Optimierungen anwenden' });
    await expectText(bar.locator('strong'), '5 Optimierungen ausgewählt');
    await bar.getByText('Kosten: 1 Credit').waitFor();
    await bar.getByText('Für KI-Optimierungen brauchst du ein Konto.').waitFor();

    await waitForSnapshot(page, (s) => (s.modeSelection as { kind: string }).kind === 'individual');
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await page.waitForURL(`${app.url}/login?reason=paidMode`);
    // The login page says why the visitor is there, as the description of its form.
    const login = page.getByRole('region', { name: 'Anmelden' });
    await login.getByText('Für diesen Modus brauchst du ein Konto, denn er kostet Credits.').waitFor();
    expect(await login.getAttribute('aria-describedby')).toBe(
      await page.locator('.login__reason').getAttribute('id'),
    );
    await signUpHere(page, 'Greta Gastgeberin', 10);
    await page.waitForURL(`${app.url}/`);

    await modesHeading(page).waitFor();
    expect(await page.getByRole('radio', { name: 'Einzeln' }).getAttribute('aria-checked')).toBe('true');
    const ticked = async (n: number) => (await tickedModes(imageModes(page, n))).sort();
    expect(await ticked(1)).toEqual(['Glänzende Armaturen', 'Hell und frisch']);
    expect(await ticked(2)).toEqual(['Arbeitsflächen freiräumen']);
    expect(await ticked(3)).toEqual(['Erster Eindruck', 'Goldene Stunde']);
    // The saved choice also lands on the server's price: three server modes, one of them paid.
    await bar.getByText('Kosten: 1 Credit').waitFor();
    expect(await bar.getByText('Für KI-Optimierungen brauchst du ein Konto.').count()).toBe(0);
  });

  it('processes one photo at a time with status cards, a count, a countdown and rotating tips', async () => {
    const { page } = browser;
    const gate = await holdRequests(page, '**/api/enhance-image');
    const readsBefore = creditReads.length;
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await expectText(h2(), 'Deine Bilder werden optimiert');
    await gate.arrived(1);

    const cards = page.locator('.status-card');
    expect(await cards.count()).toBe(3);
    await expectText(cards.nth(0).locator('.status-card__status'), 'Wird optimiert…');
    await expectText(cards.nth(1).locator('.status-card__status'), 'Wartet');
    const count = page.locator('.processing__count');
    // Three small photos (0.3-0.7 MP) are expected in well under a minute.
    expect(await count.innerText()).toMatch(/^0 von 3 Bildern fertig · Noch etwa \d\d? Sekunden$/);
    expect(await page.getByRole('progressbar', { name: 'Deine Bilder werden optimiert' }).count()).toBe(1);

    // Credits are refreshed from the server 1 s after the start.
    await expect.poll(() => creditReads.length, { timeout: 5_000 }).toBeGreaterThan(readsBefore);
    const firstRefresh = creditReads[readsBefore]! - startedAt;
    expect(firstRefresh).toBeGreaterThanOrEqual(900);
    expect(firstRefresh).toBeLessThan(3_000);

    // The countdown ticks every second, the tip changes every 4 seconds.
    const seconds = async () => {
      const m = /(\d+) Sekunden/.exec(await count.innerText());
      return m ? Number(m[1]) : 60;
    };
    const before = await seconds();
    await expect.poll(seconds, { timeout: 4_000 }).toBeLessThan(before);
    const tip = page.locator('.processing__tip');
    const firstTip = await tip.innerText();
    expect(firstTip).toMatch(/^Tipp: /);
    await expect.poll(() => tip.innerText(), { timeout: 6_000 }).not.toBe(firstTip);

    const readsBeforeEnd = creditReads.length;
    gate.release();
    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '3 von 3 Bildern erfolgreich optimiert',
    );
    await gate.dispose();
    // One toast at a time: the analysis and upload toasts were replaced, never stacked.
    expect(await toastsOnScreen(page)).toBe(1);
    // One paid server mode at 1 credit; the balance is read again at completion.
    await expectText(balance(), '9 Credits');
    expect(creditReads.length).toBeGreaterThan(readsBeforeEnd);
  });

  it('shows the results with a slider that starts at 50 % and stays within 10-90 %', async () => {
    const { page } = browser;
    await expectText(h2(), 'Deine optimierten Bilder');
    const sliders = page.getByRole('slider');
    await expect.poll(() => sliders.count()).toBe(3);
    for (const value of await sliders.evaluateAll((all) => all.map((s) => s.getAttribute('aria-valuenow')))) {
      expect(value).toBe('50');
    }
    // Dragging past the edge stops at 10 % and 90 %.
    const frame = page.locator('.compare').first();
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    expect(await sliders.first().getAttribute('aria-valuenow')).toBe('10');
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
    await page.mouse.up();
    expect(await sliders.first().getAttribute('aria-valuenow')).toBe('90');
    // Each result says in German which modes ran on the server, in the catalogue's words, and never names the
    // provider behind it (issue 16).
    await page
      .getByText(/^Auf unserem Server bearbeitet: /)
      .first()
      .waitFor();
    expect(await page.getByText(/raumglanz builtin|OpenAI/).count()).toBe(0);

    await reloadOn('Deine optimierten Bilder', (s) => s.resultsVisible === true);
    await expect.poll(() => page.locator('.compare__after').count()).toBe(3);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Alle herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('raumglanz-bilder.zip');
    const zip = readZip((await download.path())!);
    // Each file keeps its photo's own name after the number.
    expect(Object.keys(zip).sort()).toEqual([
      'optimiertes-bild-1-261_bathroom.jpg',
      'optimiertes-bild-2-97_kitchen.jpg',
      'optimiertes-bild-3-165_frontal.jpg',
    ]);
    await toastText(page, 'Download gestartet');
  });

  it('makes suggestions, refuses to implement none, and implements one ticked and one custom', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Weitere Optimierungen' }).click();
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs).toEqual(['Alle Vorschläge', 'Bild 1', 'Bild 2', 'Bild 3']);
    const boxes = page.getByRole('tabpanel').getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(1);
    // A fix that fits comes ticked; furnishing this server cannot place is a tip without a tick box.
    const ticked = page.getByRole('tabpanel').getByRole('checkbox', { checked: true });
    expect(await ticked.count()).toBeGreaterThan(0);
    const tips = page.locator('.suggestion--tip');
    expect(await tips.count()).toBeGreaterThan(0);
    expect(await tips.getByRole('checkbox').count()).toBe(0);

    // Nothing ticked and no text of one's own: the spec's toast, and nothing is sent.
    while ((await ticked.count()) > 0) await ticked.first().uncheck();
    await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
    expect(await toastText(page, 'Keine Vorschläge ausgewählt')).toContain(
      'Bitte wähle mindestens einen Vorschlag aus oder gib einen eigenen ein.',
    );

    const first = page.locator('.suggestion').first();
    const title = (await first.locator('strong').innerText()).trim();
    await first.getByRole('checkbox').check();
    await page
      .getByLabel('Eigener Vorschlag (optional)')
      .fill('Mehr Licht und wärmere Farben im ganzen Raum');
    await reloadOn('Unsere Verbesserungsvorschläge', (s) => s.customSuggestion !== '');
    expect(await page.locator('.suggestion').first().getByRole('checkbox').isChecked()).toBe(true);
    expect(await page.getByLabel('Eigener Vorschlag (optional)').inputValue()).toBe(
      'Mehr Licht und wärmere Farben im ganzen Raum',
    );

    // Photo by photo, with its progress.
    const implementing = await holdRequests(page, '**/api/implement-suggestions');
    await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
    await implementing.arrived();
    const bar = page.getByRole('progressbar', { name: 'Fortschritt beim Umsetzen der Vorschläge' });
    await page.getByText('Foto 1 von 3').waitFor();
    expect([await bar.getAttribute('aria-valuenow'), await bar.getAttribute('aria-valuemax')]).toEqual([
      '0',
      '3',
    ]);
    implementing.releaseOne();
    await implementing.arrived(2);
    await page.getByText('Foto 2 von 3').waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('1');
    implementing.release();
    await implementing.dispose();
    await expectText(h2(), 'Fertig optimiert');
    const applied = page.getByRole('region', { name: 'Angewendete Verbesserungen' });
    expect(await applied.getByRole('listitem').allInnerTexts()).toEqual([
      title,
      'Mehr Licht und wärmere Farben im ganzen Raum',
    ]);
    // Implementing on the builtin provider is free.
    await expectText(balance(), '9 Credits');
  });

  it('pages the final results with wrap-around and downloads one or all', async () => {
    const { page } = browser;
    const paging = page.locator('.pager [aria-live]');
    await expectText(paging, '1 von 3');
    await page.getByRole('button', { name: 'Vorheriges Bild' }).click();
    await expectText(paging, '3 von 3');
    await page.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expectText(paging, '1 von 3');
    await page.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expectText(paging, '2 von 3');
    await page.getByRole('img', { name: 'Vorher' }).waitFor();
    await page.getByRole('img', { name: 'Nachher' }).waitFor();

    const [one] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Dieses Bild herunterladen' }).click(),
    ]);
    expect(one.suggestedFilename()).toBe('optimiertes-bild-2-97_kitchen.jpg');
    const single = readFileSync((await one.path())!);
    const kitchen = await sharp(PHOTOS.kitchen).metadata();
    const meta = await sharp(single).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([kitchen.width, kitchen.height]);

    await reloadOn('Fertig optimiert', (s) => s.finalResult !== null);
    await expectText(paging, '1 von 3');
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Alle herunterladen (ZIP)' }).click(),
    ]);
    const zip = readZip((await all.path())!);
    const names = [
      'optimiertes-bild-1-261_bathroom.jpg',
      'optimiertes-bild-2-97_kitchen.jpg',
      'optimiertes-bild-3-165_frontal.jpg',
    ];
    expect(Object.keys(zip).sort()).toEqual(names);
    // The ZIP holds the photos in upload order, each as JPEG at its own size.
    for (const [i, file] of FILES.entries()) {
      const source = await sharp(file).metadata();
      const entry = await sharp(Buffer.from(zip[names[i]!]!)).metadata();
      expect(entry.format).toBe('jpeg');
      expect([entry.width, entry.height]).toEqual([source.width, source.height]);
    }
    // The second download is the same picture as page 2's single download.
    expect(Buffer.from(zip[names[1]!]!).equals(single)).toBe(true);
  });

  it('goes back step by step exactly as SPEC section 4 says', async () => {
    const { page } = browser;
    // From the final result: the result is cleared, the suggestions (with the ticks) are back.
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    expect(await page.locator('.suggestion').first().getByRole('checkbox').isChecked()).toBe(true);
    // From the suggestions: they are cleared, the results are back.
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await expectText(h2(), 'Deine optimierten Bilder');
    // From results without suggestions: the mode selection, with the choice kept.
    await page.getByRole('button', { name: 'Zurück zur Modusauswahl' }).click();
    await modesHeading(page).waitFor();
    expect(await page.getByRole('radio', { name: 'Einzeln' }).getAttribute('aria-checked')).toBe('true');
    // From the mode selection: the upload page, photos kept.
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await page.getByRole('heading', { name: 'Deine Bilder (3)' }).waitFor();
    await reloadOn('Deine Bilder (3)', (s) => s.showOptions === false);
  });

  it("starts over: 'Neu starten' clears photos, results, suggestions, modes and analysis", async () => {
    const { page } = browser;
    // Straight back to the mode selection (the analysis is still valid, nothing runs again).
    await page.getByRole('button', { name: '3 Bilder optimieren' }).click();
    await modesHeading(page).waitFor();
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    await toastText(page, 'Optimierung abgeschlossen');
    // The kitchen's counters are cleared (and charged) again.
    await expectText(balance(), '8 Credits');
    await startOver(page);
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    await waitForSnapshot(page, (s) => (s.images as unknown[]).length === 0);
    await page.reload();
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    expect(await page.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('5');
    // A fresh start: the analysis runs again and the choice is the recommendation, not the old one.
    await uploadPhotos(page, [PHOTOS.kitchen]);
    await openModes(page, 1);
    await expectText(page.getByText(/^Erkannt:/), 'Erkannt: Küche');
    expect(await page.getByRole('radio', { name: 'Alle gleich' }).getAttribute('aria-checked')).toBe('true');
  });

  it('logged no errors in the browser', () => {
    expect(browser.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
