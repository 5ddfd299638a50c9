// Accessibility in real Chromium against `npm start`: axe-core on every screen and dialog of the journey with no
// serious or critical violation, and the parts a mouse user drags or clicks working from the keyboard alone:
// the before/after slider (arrows, Shift+arrows, Home, End, clamped to 10-90 % in the results), the full-screen
// comparison dialog and the insufficient-credits dialog (focus moves in, stays in, Escape closes, focus returns).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modesHeading, PHOTOS, startOver, tourEveryScreen, uploadPhotos } from '../helpers/e2eJourney';
import { REPO, expectText, openBrowser, startApp, toastText, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ STARTING_CREDITS: '2' });
  // The screen tour holds the detector's download to show the analysis screen (see openBrowser).
  browser = await openBrowser({ blockServiceWorkers: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const AXE_SOURCE = readFileSync(join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; returns the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // The app's CSP forbids inline scripts (addScriptTag); evaluating through the debugger protocol is allowed.
    await page.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async () => {
    // axe-core's global, injected above; typed here only as far as this test reads it.
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => `${n.target.join(' ')} [${n.failureSummary?.replace(/\s+/g, ' ')}]`)
          .join('; ')}`,
    );
}

/** Roughly the accessible name of the focused element: its aria-label, else its text without aria-hidden parts. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const label = el.getAttribute('aria-label');
    if (label !== null) return label;
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/**
 * Presses Tab (or Shift+Tab with `back`) until the focused element's name matches, as a keyboard user would;
 * fails after `max` presses.
 */
async function tabTo(page: Page, name: RegExp, max = 40, back = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (name.test(await focused(page))) return;
  }
  throw new Error(`Tab never reached ${name}; last focus: ${await focused(page)}`);
}

describe('accessibility', () => {
  it('has no serious or critical axe violation on any screen or dialog', async () => {
    const { page } = browser;
    const found: Record<string, string[]> = {};
    const screens: string[] = [];
    await tourEveryScreen(page, app.url, 2, async (screen) => {
      screens.push(screen);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[screen] = violations;
    });
    expect(screens.length).toBeGreaterThanOrEqual(20);
    expect(found).toEqual({});
  });

  it('works the results slider and the comparison dialog from the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(app.url);
    // Start over when the last test left results (it asks first); a fresh page has nothing to clear.
    await startOver(page).catch(() => undefined);
    await page.getByRole('button', { name: 'Bilder auswählen' }).waitFor();
    await uploadPhotos(page, [PHOTOS.bedroom]);
    await tabTo(page, /^1 Bild optimieren$/);
    await page.keyboard.press('Enter');
    await modesHeading(page).waitFor({ timeout: 90_000 });
    // Untick what is preselected and pick one free mode, with Tab and Space only.
    for (;;) {
      const checked = page.getByRole('checkbox', { checked: true });
      if ((await checked.count()) === 0) break;
      await checked.first().focus();
      await page.keyboard.press('Space');
    }
    // A free mode further down the list: open the rest with Enter, then go back up to it.
    await tabTo(page, /^weitere Optimierungen anzeigen$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Aufhellen/, 40, true);
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await tabTo(page, /^Optimierungen anwenden$/);
    await page.keyboard.press('Enter');
    await toastText(page, 'Optimierung abgeschlossen');
    // As a keyboard user would, wait until the results view is there (its code loads on demand) before tabbing.
    await page.getByRole('heading', { name: 'Deine optimierten Bilder' }).waitFor();

    await tabTo(page, /^Vorher-Nachher-Vergleich$/);
    const slider = page.getByRole('slider');
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('52');
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('42');
    await page.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuenow')).toBe('90');
    await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('90');
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('10');
    await page.keyboard.press('ArrowDown');
    expect(await slider.getAttribute('aria-valuenow')).toBe('10');
    expect(await slider.getAttribute('aria-valuetext')).toBe('10 %');

    // The full-screen comparison: opened with Enter, the focus inside, its slider from 50 %, Escape closes.
    await tabTo(page, /im Vollbild öffnen$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Vorher-Nachher-Vergleich/ });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const inner = dialog.getByRole('slider');
    await inner.waitFor();
    expect(await inner.getAttribute('aria-valuenow')).toBe('50');
    // The dialog's own slider is not clamped to the results' 10-90 %.
    await tabTo(page, /^Vorher-Nachher-Vergleich$/, 5);
    await page.keyboard.press('End');
    expect(await inner.getAttribute('aria-valuenow')).toBe('100');
    // The focus stays inside while tabbing on.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Radix moves the focus back a tick after the dialog is gone.
    await expect.poll(() => focused(page)).toMatch(/im Vollbild öffnen$/);
  });

  it('works the insufficient-credits dialog from the keyboard alone and leads to /preise', async () => {
    const { page } = browser;
    // Still signed in from the tour, with 1 credit left.
    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Deine optimierten Bilder');
    await tabTo(page, /Zurück zur Modusauswahl$/, 40, true);
    await page.keyboard.press('Enter');
    await modesHeading(page).waitFor();
    await tabTo(page, /^weitere Optimierungen anzeigen$/);
    await page.keyboard.press('Enter');
    // Two paid modes this server can do (what it cannot do, 'Fensterblick', cannot be ticked): 2 + 1 credits.
    await tabTo(page, /^Flecken und Kabel entfernen/, 40, true);
    await page.keyboard.press('Space');
    await tabTo(page, /^Entrümpeln/, 5, true);
    await page.keyboard.press('Space');
    await page.getByText('3 Credits benötigt').waitFor();
    await tabTo(page, /^Optimierungen anwenden$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nicht genügend Credits' });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('Optimierungen anwenden');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /^Zu den Preisen$/, 5);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/preise`);
    await page.getByRole('heading', { name: 'Credits & Preise', level: 1 }).waitFor();
  });

  it('logged no unexpected errors in the browser', () => {
    expect(browser.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
