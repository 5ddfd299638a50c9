// Issue 27's first hour on the embedded default (`npm start`, no key: the builtin provider), in real Chromium:
// signed in with a bedroom photo, nothing this server cannot do is recommended or preselected and the default
// selection gets its result; what it cannot do is marked 'Braucht einen KI-Server' and cannot be ticked (by
// mouse or keyboard); the staging card shows the price its dialog asks; and a mode ticked anyway (the page was
// told a stale offer) fails alone with its German reason while the photo keeps its free result, charging nothing.

import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removalScopeText } from '../../web/screens/modes/ModeCard';
import {
  modesHeading,
  openModes,
  PHOTOS,
  pickModes,
  signUp,
  tickedModes,
  uploadPhotos,
} from '../helpers/e2eJourney';
import { expectText, openBrowser, startApp, toastText, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser({ blockServiceWorkers: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const UNAVAILABLE_TEXT = 'Braucht einen KI-Server';
const card = (name: string): Locator =>
  browser.page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).first();
const balance = () => browser.page.getByTestId('credit-balance');
const apply = () => browser.page.getByRole('button', { name: 'Optimierungen anwenden' });

describe('what the builtin server offers', () => {
  it('preselects nothing it cannot do for a bedroom, and marks and disables what it cannot do', async () => {
    const { page } = browser;
    await signUp(page, app.url, 'Bea Bett', 10);
    // The detector sees a bed, pillows and a TV in this bedroom.
    await uploadPhotos(page, [PHOTOS.bedroom]);
    // With the first photo the app asks the server what it can do; the answer is kept on the device.
    const stored = await page.waitForFunction(() => localStorage.getItem('raumglanz.aiCapabilities'));
    const { unavailableModeIds } = JSON.parse(String(await stored.jsonValue())) as {
      unavailableModeIds: string[];
    };
    expect(unavailableModeIds).toEqual(['windowView', 'hotelBed', 'spaClean', 'arrangePillows']);
    await openModes(page, 1);
    await expectText(page.getByText(/^Erkannt:/), 'Erkannt: Schlafzimmer');
    // Signed in with credits, so paid modes could be preselected: only what this server can do is.
    const ticked = await tickedModes(page);
    expect(ticked).toEqual(['Automatisch optimieren']);
    // Recommended: nothing it cannot do, and not the living room's cushions or TV corner for a bedroom.
    const recommended = await page
      .getByRole('checkbox')
      .filter({ hasText: 'Empfohlen' })
      .locator('.mode-card__name')
      .evaluateAll((names) => names.map((name) => name.firstChild?.textContent?.trim() ?? ''));
    expect(recommended).toEqual(['Automatisch optimieren']);
    expect(await page.getByText(/^Kissen arrangieren|^TV-Bereich aufräumen/).count()).toBe(0);

    await page.getByRole('button', { name: 'weitere Optimierungen anzeigen' }).click();
    for (const name of ['Hotelbett', 'Fensterblick']) {
      const mode = card(name);
      // No price, the reason instead; disabled for assistive technology, with the reason as its description.
      await expectText(mode.locator(':scope > .pill'), UNAVAILABLE_TEXT);
      expect(await mode.getAttribute('aria-disabled')).toBe('true');
      const description = await mode.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(description).toContain('Dieser Server arbeitet ohne KI-Dienst');
      // Neither a click nor the keyboard ticks it (force: Playwright itself waits for a disabled one to enable).
      await mode.click({ force: true });
      await mode.focus();
      await page.keyboard.press('Space');
      expect(await mode.getAttribute('aria-checked')).toBe('false');
    }
    // A removal mode says what this server finds without an AI service, and what it does not.
    await expectText(card('Entrümpeln').locator('.mode-card__scope'), removalScopeText('declutter'));
    // What it cannot do is listed last, after every mode that can be ticked.
    const pills = await page.locator('.mode-list .mode-card > .pill').allInnerTexts();
    const firstMarked = pills.indexOf(UNAVAILABLE_TEXT);
    expect(firstMarked).toBeGreaterThan(0);
    expect(pills.slice(firstMarked).every((pill) => pill === UNAVAILABLE_TEXT)).toBe(true);
    expect(await tickedModes(page)).toEqual(['Automatisch optimieren']);
  }, 240_000);

  it('shows the staging card at the price its dialog asks, under one German name', async () => {
    const { page } = browser;
    const staging = page.getByRole('button', { name: /^Virtuell einrichten/ });
    await expectText(staging.locator(':scope > .pill'), '5 Credits');
    await staging.click();
    const dialog = page.getByRole('dialog', { name: 'Virtuell einrichten' });
    await dialog.getByText('Virtuell einrichten kostet 5 Credits', { exact: false }).waitFor();
    expect(await dialog.innerText()).not.toMatch(/Virtual Staging/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await modesHeading(page).waitFor();
  });

  it('gets the result of the default selection, free', async () => {
    const { page } = browser;
    await apply().click();
    expect(await toastText(page, 'Optimierung abgeschlossen')).toContain(
      '1 von 1 Bildern erfolgreich optimiert',
    );
    await page.getByRole('heading', { name: 'Deine optimierten Bilder' }).waitFor();
    await page.getByRole('slider').waitFor();
    expect(await page.locator('.result-card .field-error').count()).toBe(0);
    await expectText(balance(), '10 Credits');
  });

  it('refuses a mode it cannot do when asked through the API, before any charge, naming it', async () => {
    const { page } = browser;
    const answer = await page.evaluate(async () => {
      const form = new FormData();
      form.append(
        'image',
        new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
        'bild.jpg',
      );
      form.append('selectedModes', JSON.stringify(['autoOptimize', 'hotelBed']));
      const res = await fetch('/api/enhance-image', {
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': 'e2e-capabilities-hotelbed' },
      });
      return { status: res.status, body: (await res.json()) as { code: string; details: unknown } };
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { code: 'AI_UNAVAILABLE', details: { modeIds: ['hotelBed'] } },
    });
    await page.reload();
    await expectText(balance(), '10 Credits');
  });

  it('lets a mode ticked on a stale offer fail alone, in German, keeping the free result and charging nothing', async () => {
    const { page, context } = browser;
    // As if this page last heard a generative server: 'Hotelbett' can be ticked, and the builtin server refuses it.
    await context.route('**/api/ai-capabilities', async (route) => {
      const builtin = (await (await route.fetch()).json()) as { approximatedModeIds: string[] };
      await route.fulfill({
        json: { approximatedModeIds: builtin.approximatedModeIds, unavailableModeIds: [] },
      });
    });
    await page.reload();
    await page.waitForFunction(() =>
      localStorage.getItem('raumglanz.aiCapabilities')?.includes('"unavailableModeIds":[]'),
    );
    await page.getByRole('button', { name: 'Zurück zur Modusauswahl' }).click();
    await modesHeading(page).waitFor();
    await pickModes(page, ['Hotelbett']);
    expect((await tickedModes(page)).sort()).toEqual(['Automatisch optimieren', 'Hotelbett']);
    await apply().click();

    expect(await toastText(page, 'Optimierung teilweise abgeschlossen')).toContain(
      '1 von 1 Bildern optimiert. Bei 1 davon wurde nicht alles angewendet',
    );
    await page.getByRole('heading', { name: 'Deine optimierten Bilder' }).waitFor();
    // The free result stays, and the photo says which mode did not run and why.
    await page.getByRole('slider').waitFor();
    await expectText(
      page.locator('.result-card .field-error'),
      'Nicht angewendet: Hotelbett – Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.',
    );
    await expectText(balance(), '10 Credits');
    await context.unroute('**/api/ai-capabilities');
  });

  it('logged no unexpected errors in the browser', () => {
    // The refusals (422) are answers the app words itself: they show up as failed loads; nothing else may.
    expect(browser.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
