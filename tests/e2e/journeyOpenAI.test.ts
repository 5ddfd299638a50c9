// The whole journey again with the `openai` provider, pointed at the fake OpenAI server on loopback
// (tests/helpers/fakeOpenAI.ts): the real `openai` client on the server, real Chromium, real photos. Besides the
// screens it checks what went over the wire: one image edit per photo with that photo's mode prompts, no EXIF (and
// so no GPS) in any photo that left the browser, suggestions for one photo applied to that photo only, and the
// credits charged for edits and for implementing suggestions.

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_API_KEY, startFakeOpenAI, type FakeOpenAI } from '../helpers/fakeOpenAI';
import {
  clearModes,
  imageModes,
  openModes,
  PHOTOS,
  pickModes,
  readZip,
  signUp,
  uploadPhotos,
} from '../helpers/e2eJourney';
import {
  FIXTURES,
  expectText,
  openBrowser,
  startApp,
  toastText,
  type Browser,
  type RunningApp,
} from './harness';

let fake: FakeOpenAI;
let app: RunningApp;
let browser: Browser;
/** Bodies of every POST the page sent to /api/enhance-image. */
const uploads: Buffer[] = [];

const GPS_PHOTO = `${FIXTURES}/photos/IMG_20180725_163423.jpg`;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startApp({
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: FAKE_API_KEY,
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MAX_RETRIES: '0',
  });
  browser = await openBrowser();
  browser.page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/enhance-image')) {
      uploads.push(request.postDataBuffer() ?? Buffer.alloc(0));
    }
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});

const h2 = () => browser.page.getByRole('heading', { level: 2 }).first();
const balance = () => browser.page.getByTestId('credit-balance');
const edits = () => fake.requests.filter((r) => r.kind === 'edit');

describe('the whole journey on the openai provider (fake server)', () => {
  it("enhances two photos with a different server mode each ('Einzeln')", async () => {
    const { page } = browser;
    await signUp(page, app.url, 'Olaf Online', 10);
    await uploadPhotos(page, [PHOTOS.bedroom, GPS_PHOTO]);
    await openModes(page, 2);
    await page.getByRole('radio', { name: 'Einzeln' }).click();
    await clearModes(imageModes(page, 1));
    await pickModes(imageModes(page, 1), ['Hotelbett', 'Aufhellen']);
    await clearModes(imageModes(page, 2));
    await pickModes(imageModes(page, 2), ['Flecken und Kabel entfernen']);
    await page.getByText('Kosten: 2 Credits').waitFor();
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();

    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '2 von 2 Bildern erfolgreich optimiert',
    );
    await expectText(h2(), 'Deine optimierten Bilder');
    await expectText(balance(), '8 Credits');
    await expect.poll(() => page.locator('.compare__after').count()).toBe(2);

    // One edit per photo, each with its own modes' prompt, and nothing the real API would refuse.
    expect(edits()).toHaveLength(2);
    expect(edits()[0]!.fields.prompt).toMatch(/Make the bed hotel-style/);
    expect(edits()[0]!.fields.prompt).not.toMatch(/Clean up small distractions/);
    expect(edits()[1]!.fields.prompt).toMatch(/Clean up small distractions/);
    expect(edits()[1]!.fields.prompt).not.toMatch(/hotel-style/);
    expect(fake.problems).toEqual([]);
    // No photo left the browser with its EXIF block (the GPS photo carries one).
    expect((await sharp(GPS_PHOTO).metadata()).exif).toBeDefined();
    expect(uploads).toHaveLength(2);
    for (const body of uploads) expect(body.includes(Buffer.from('Exif\0\0'))).toBe(false);
  });

  it('shows the suggestions per photo and applies a photo-specific one to that photo only', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Weitere Optimierungen', exact: true }).click();
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    const titles = () => page.getByRole('tabpanel').locator('.suggestion strong').allInnerTexts();
    expect(await titles()).toEqual(['Bett hotelartig herrichten', 'Warmes Licht']);
    // Tabs work with the arrow keys; 'Bild 2' shows only what applies to the second photo.
    await page.getByRole('tab', { name: 'Alle Vorschläge' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Bild 2' }).getAttribute('aria-selected')).toBe('true');
    expect(await titles()).toEqual(['Warmes Licht']);
    await page.getByRole('tab', { name: 'Bild 1' }).click();
    expect(await titles()).toEqual(['Bett hotelartig herrichten', 'Warmes Licht']);
    // The product link searches the shop for the suggestion's main article.
    const shop = page.locator('.suggestion').first().getByRole('link', { name: 'Passende Produkte ansehen' });
    expect(await shop.getAttribute('href')).toMatch(/Bettw%C3%A4sche|Bettwäsche/);

    await page.getByRole('checkbox', { name: /Bett hotelartig herrichten/ }).check();
    await page.getByLabel('Eigener Vorschlag (optional)').fill('Pflanzen auf die Fensterbank stellen');
    const before = edits().length;
    await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
    await expectText(h2(), 'Fertig optimiert');

    const implement = edits().slice(before);
    expect(implement).toHaveLength(2);
    const prompts = implement.map((r) => String(r.fields.prompt));
    const bedroom = prompts.find((p) => p.includes('Bett hotelartig herrichten'));
    expect(bedroom).toMatch(/Pflanzen auf die Fensterbank stellen/);
    // The second photo gets the custom suggestion only, not the bed of the first.
    expect(prompts.filter((p) => p.includes('Bett hotelartig herrichten'))).toHaveLength(1);
    expect(prompts.filter((p) => p.includes('Pflanzen auf die Fensterbank stellen'))).toHaveLength(2);
    // Implementing costs 1 credit per photo on openai.
    await expectText(balance(), '6 Credits');
    const applied = page.getByRole('region', { name: 'Angewendete Verbesserungen' });
    expect(await applied.getByRole('listitem').allInnerTexts()).toEqual([
      'Bett hotelartig herrichten',
      'Pflanzen auf die Fensterbank stellen',
    ]);
  });

  it('pages the two final photos and downloads them as one ZIP', async () => {
    const { page } = browser;
    const paging = page.locator('.pager [aria-live]');
    await expectText(paging, '1 von 2');
    await page.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expectText(paging, '2 von 2');
    await page.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expectText(paging, '1 von 2');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Alle herunterladen (ZIP)' }).click(),
    ]);
    const zip = readZip((await download.path())!);
    expect(Object.keys(zip).sort()).toEqual([
      'optimiertes-bild-1-220_bedroom.jpg',
      'optimiertes-bild-2-IMG_20180725_163423.jpg',
    ]);
    for (const entry of Object.values(zip)) {
      const meta = await sharp(Buffer.from(entry)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    expect(fake.problems).toEqual([]);
  });

  it('says in German when the AI service fails: one photo, the suggestions, the implementation', async () => {
    const { page } = browser;
    // Back to the mode selection: final -> suggestions -> results -> modes.
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await page.getByRole('button', { name: 'Zurück' }).first().click();
    await page.getByRole('button', { name: 'Zurück zur Modusauswahl' }).click();
    await page.getByRole('heading', { name: 'Wähle deine Optimierungen' }).waitFor();

    // The service answers 500 for the first photo: its 'Hotelbett' fails alone and its credit comes back, while
    // the photo keeps what the device did ('Aufhellen') and says which mode did not run and why.
    fake.script('edit', { status: 500 });
    await page.getByRole('button', { name: 'Optimierungen anwenden' }).click();
    expect(await toastText(page, 'Optimierung teilweise abgeschlossen')).toContain(
      '2 von 2 Bildern optimiert. Bei 1 davon wurde nicht alles angewendet',
    );
    await page
      .getByText(
        'Nicht angewendet: Hotelbett – API Fehler (502): Der KI-Dienst hat einen Fehler gemeldet. Bitte versuche es erneut.',
      )
      .waitFor();
    await expect.poll(() => page.locator('.compare__after').count()).toBe(2);
    await expectText(balance(), '5 Credits');

    fake.script('chat', { status: 500 });
    await page.getByRole('button', { name: 'Weitere Optimierungen', exact: true }).click();
    expect(await toastText(page, 'Es konnten keine Vorschläge erstellt werden.')).toMatch(
      /^Fehler Es konnten keine Vorschläge erstellt werden\. API Fehler \(502\): Der KI-Dienst hat einen Fehler gemeldet/,
    );
    await expectText(h2(), 'Deine optimierten Bilder');

    await page.getByRole('button', { name: 'Weitere Optimierungen', exact: true }).click();
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    await page.getByRole('checkbox', { name: /Warmes Licht/ }).check();
    // Both photos kept a result above, so 'Warmes Licht' (for every photo) goes out once per photo: both fail.
    fake.script('edit', { status: 500 }, { status: 500 });
    await page.getByRole('button', { name: 'Vorschläge umsetzen' }).click();
    // The failure names the photos and the reason (the first-hour issue), not only that something went wrong.
    expect(await toastText(page, 'Fehler beim Umsetzen der Vorschläge')).toMatch(
      /Fotos: 220_bedroom\.jpg, IMG_20180725_163423\.jpg\. API Fehler \(502\): Der KI-Dienst hat einen Fehler gemeldet\..*zurückgebucht/,
    );
    await expectText(h2(), 'Unsere Verbesserungsvorschläge');
    expect(await page.getByRole('checkbox', { name: /Warmes Licht/ }).isChecked()).toBe(true);
    // Nothing was kept for the failed implementation.
    await expectText(balance(), '5 Credits');
  });

  it('logged no errors in the browser', () => {
    expect(browser.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
