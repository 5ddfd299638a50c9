// Virtual staging in real Chromium against `npm start`: a visitor is told to sign in, the staging cards open the
// dialog (focus, Escape, axe), options → analyzing → selection → placing on the device (segmenter, camera,
// layout, three.js on software WebGL) → arranging (keyboard moves, removal, the list and total following) →
// the paid finish → complete, with the backward moves when the analysis or the finish fails, every validation
// message, the final screen with 'Deine Einrichtungsliste', and the downloaded photo with the 'Virtuell
// eingerichtet' label by default and without it when switched off (checked on the file's pixels).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelBox } from '../../web/engine/disclosureLabel';
import { modesHeading, openModes, ROOM, signUpHere, uploadPhotos } from '../helpers/e2eJourney';
import { REPO, expectText, openBrowser, startApp, toastText, type Browser, type RunningApp } from './harness';

const LIVING_ROOM = ROOM('living_room', 'Places365_val_00000785.jpg');
const OTHER_ROOM = ROOM('living_room', 'Places365_val_00004801.jpg');
const AXE_SOURCE = readFileSync(join(REPO, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // axe-core's global, injected above; typed only as far as read here.
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes).slice(0, 400)}`);
}

/** The screen's own back button ('Zurück' on mode selection, '← Zurück' on the final screen). */
const back = (page: Page) =>
  page
    .getByRole('button', { name: /^(← )?Zurück$/ })
    .first()
    .click();

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Virtuell einrichten' });

/** Clicks a staging mode card (opening 'weitere Optimierungen anzeigen' when it is hidden). */
async function openStagingCard(page: Page, name: 'Virtuell einrichten' | 'Gemütlich einrichten') {
  const card = page.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await card.count()) === 0) {
    await page.getByRole('button', { name: 'weitere Optimierungen anzeigen' }).click();
  }
  await card.first().click();
}

/** Ticks exactly the first `n` products of the selection. */
async function tickFirst(page: Page, n: number): Promise<void> {
  const boxes = dialog(page).getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    if ((await box.isChecked()) !== i < n) await box.click();
  }
}

/**
 * A downloaded photo in sRGB: the canvas may tag its JPEG with the display's profile and store values in that
 * space, so the pixels are compared as a colour-managed viewer shows them.
 */
async function managed(path: string) {
  return sharp(await sharp(path).toColourspace('srgb').png().toBuffer());
}

/** Mean luma of a region of a downloaded photo. */
async function regionLuma(
  path: string,
  region: { left: number; top: number; width: number; height: number },
) {
  // stats() reads the pipeline's input, so the region is made first.
  const grey = await (await managed(path)).extract(region).greyscale().png().toBuffer();
  const { channels } = await sharp(grey).stats();
  return channels[0]!.mean;
}

describe('virtual staging on the builtin provider', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('tells a visitor to sign in; the dialog traps focus, closes on Escape and passes axe', async () => {
    const { page } = browser;
    await page.goto(app.url);
    await uploadPhotos(page, [LIVING_ROOM]);
    await openModes(page, 1);
    await openStagingCard(page, 'Virtuell einrichten');
    await dialog(page).waitFor();
    await dialog(page).getByText('Zum virtuellen Einrichten brauchst du ein Konto').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await modesHeading(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(
      /^Virtuell einrichten/,
    );

    await openStagingCard(page, 'Gemütlich einrichten');
    await dialog(page).getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/login/);
    await signUpHere(page, 'Stella Staging', 10);
    await page.waitForURL(`${app.url}/`);
  }, 240_000);

  it('analyses, places the pieces on the device, lets them be arranged and charges the finish once', async () => {
    const { page } = browser;
    // The workflow comes back from the device after sign-up, on the mode selection it left.
    await modesHeading(page).waitFor();
    await openStagingCard(page, 'Gemütlich einrichten');
    await dialog(page).waitFor();

    // Options: five styles, the budget range 0-5000 € in steps of 50 with 0-2000 € to start.
    for (const style of ['Automatisch', 'Modern', 'Klassisch', 'Minimalistisch', 'Gemütlich']) {
      await dialog(page).getByRole('radio', { name: style }).waitFor();
    }
    const max = dialog(page).getByRole('slider', { name: 'Budget bis' });
    expect(await max.getAttribute('min')).toBe('0');
    expect(await max.getAttribute('max')).toBe('5000');
    expect(await max.getAttribute('step')).toBe('50');
    expect(await max.inputValue()).toBe('2000');
    expect(await dialog(page).getByRole('slider', { name: 'Budget ab' }).inputValue()).toBe('0');
    await dialog(page).getByText('0,00 € bis 2.000,00 €').waitFor();
    await dialog(page).getByText('Virtuell einrichten kostet 5 Credits', { exact: false }).waitFor();
    await dialog(page).getByRole('radio', { name: 'Modern' }).check();
    expect(await seriousViolations(page)).toEqual([]);

    // A failed analysis goes back to the options.
    await page.route('**/api/virtual-staging', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"x","code":"INTERNAL","required":5}',
      }),
    );
    await dialog(page).getByRole('button', { name: 'Raum analysieren' }).click();
    expect(await toastText(page, 'Fehler bei der Raumanalyse')).toContain('Fehler bei der Raumanalyse');
    await dialog(page).getByRole('button', { name: 'Raum analysieren' }).waitFor();
    await page.unroute('**/api/virtual-staging');

    await dialog(page).getByRole('button', { name: 'Raum analysieren' }).click();
    const products = dialog(page).getByRole('list', { name: 'Möbel auswählen' }).getByRole('listitem');
    await products.first().waitFor({ timeout: 60_000 });
    expect(await products.count()).toBeGreaterThan(3);
    const first = products.first();
    expect(await first.innerText()).toMatch(/\d,\d\d\s€/);
    expect(await first.innerText()).toMatch(/Wichtig|Empfohlen|Optional/);
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^https:\/\//);
    await dialog(page).getByText('Beispielprodukte, Preise geschätzt.').waitFor();
    // Model-backed products show the model's own picture, served with the models.
    const thumbnails = await dialog(page).locator('img[src^="/models/furniture-3d-"]').count();
    expect(thumbnails).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing ticked: 'Bitte wähle mindestens ein Möbelstück aus', and the selection stays.
    const ticked = await dialog(page).getByRole('checkbox', { checked: true }).count();
    await tickFirst(page, 0);
    await dialog(page).getByRole('button', { name: 'Raum einrichten' }).click();
    expect(await toastText(page, 'Möbelstück')).toContain('Bitte wähle mindestens ein Möbelstück aus');
    await tickFirst(page, Math.max(ticked, 6));

    // Placing runs on the device: segmenter, camera, floor, layout, then the 3D view.
    const placingStarted = Date.now();
    await dialog(page).getByRole('button', { name: 'Raum einrichten' }).click();
    const finish = dialog(page).getByRole('button', { name: 'Fertigstellen · 5 Credits' });
    await finish.waitFor({ timeout: 120_000 });
    await expect.poll(() => finish.isEnabled(), { timeout: 120_000 }).toBe(true);
    console.info(`staging placed and drawn on the device: ${Date.now() - placingStarted} ms`);
    const canvas = dialog(page).getByRole('application');
    expect(await canvas.getAttribute('aria-roledescription')).toBe('3D-Ansicht');
    const pieces = dialog(page).getByRole('list', { name: 'Platzierte Möbel' }).getByRole('button');
    const placed = await pieces.count();
    expect(placed).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Moving by keyboard is free and changes the drawing.
    await pieces.first().click();
    expect(await pieces.first().getAttribute('aria-pressed')).toBe('true');
    const before = await canvas.screenshot();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('q');
    await expect
      .poll(async () => Buffer.compare(before, await canvas.screenshot()), { timeout: 20_000 })
      .not.toBe(0);
    await expectText(page.getByTestId('credit-balance'), '10 Credits');

    // Removing a piece takes it off the list and the total (with what lies or stands on it: cushions on a chair).
    const total = () =>
      dialog(page)
        .getByText(/^Ausgewählt: /)
        .innerText();
    if (placed > 1) {
      const totalBefore = await total();
      await dialog(page).getByRole('button', { name: 'Entfernen' }).click();
      await expect.poll(() => pieces.count()).toBeLessThan(placed);
      expect(await total()).not.toBe(totalBefore);
    }
    const remaining = await pieces.count();

    // A failed finish goes back to arranging and charges nothing.
    let failApply = true;
    await page.route('**/api/virtual-staging', async (route) => {
      if (failApply && route.request().postDataJSON()?.action === 'apply') {
        failApply = false;
        await route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: '{"error":"x","code":"UPSTREAM_FAILED","required":5}',
        });
        return;
      }
      await route.continue();
    });
    await finish.click();
    expect(await toastText(page, 'Fehler beim virtuellen Einrichten')).toContain(
      'Fehler beim virtuellen Einrichten',
    );
    await expect.poll(() => finish.isEnabled(), { timeout: 60_000 }).toBe(true);
    expect(await pieces.count()).toBe(remaining);
    await expectText(page.getByTestId('credit-balance'), '10 Credits');

    const applyBody = page.waitForRequest(
      (r) => r.url().endsWith('/api/virtual-staging') && r.postDataJSON()?.action === 'apply',
    );
    await finish.click();
    const sent = (await applyBody).postDataJSON() as {
      stagedImageBase64: string;
      selectedProducts: { quantity: number }[];
    };
    expect(sent.stagedImageBase64).toMatch(/^data:image\/jpeg;base64,/);
    expect(sent.selectedProducts.reduce((sum, p) => sum + p.quantity, 0)).toBe(remaining);
    expect(await toastText(page, 'Virtuell eingerichtet!')).toMatch(/Dein Raum wurde mit \d+ Möbelst/);
    await page.unroute('**/api/virtual-staging');
    await dialog(page).getByText('Dein Raum wurde virtuell eingerichtet.').waitFor();
    await dialog(page).getByRole('button', { name: 'Ergebnis ansehen' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await expectText(page.getByRole('heading', { level: 2 }).first(), 'Fertig optimiert');
    const list = page.getByRole('region', { name: 'Deine Einrichtungsliste' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(sent.selectedProducts.length);
    expect(await list.innerText()).toMatch(/Geschätzte Gesamtkosten: [\d.]+,\d\d\s€/);
    expect(await list.innerText()).toContain('virtuell eingerichtet');
    expect(await list.innerText()).toContain('Beispielprodukte');
    await page.getByText('Virtuell eingerichtet', { exact: true }).first().waitFor();
    await expectText(page.getByTestId('credit-balance'), '5 Credits');
  }, 360_000);

  it('downloads the furnished photo with the label by default and without it when switched off', async () => {
    const { page } = browser;
    const switchBox = page.getByRole('checkbox', { name: /Virtuell eingerichtet/ });
    expect(await switchBox.isChecked()).toBe(true);
    const save = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Dieses Bild herunterladen' }).click(),
      ]);
      // Downloads are JPEG unless PNG is chosen.
      expect(download.suggestedFilename()).toBe('optimiertes-bild-1-Places365_val_00000785.jpg');
      return (await download.path())!;
    };
    const labelled = await save();
    await switchBox.uncheck();
    const plain = await save();

    const { width, height } = await sharp(labelled).metadata();
    expect(await sharp(plain).metadata()).toMatchObject({ width, height });
    const box = labelBox(width!, height!);
    const inside = {
      left: box.x + Math.round(box.height / 2),
      top: box.y + 2,
      width: Math.round(box.fontPx * 3),
      height: box.height - 4,
    };
    const above = { left: 0, top: 0, width: width!, height: Math.round(height! / 2) };
    // The label darkens its pill and writes white text in it; nothing else of the photo changes (JPEG blocks
    // away from the label encode the same pixels the same way).
    expect(Math.abs((await regionLuma(plain, above)) - (await regionLuma(labelled, above)))).toBeLessThan(
      0.5,
    );
    const pixels = async (path: string) =>
      (await (await managed(path)).extract(inside).greyscale().raw().toBuffer({ resolveWithObject: true }))
        .data;
    const [withLabel, without] = [await pixels(labelled), await pixels(plain)];
    const changed = [...withLabel].filter((v, i) => Math.abs(v - without[i]!) > 30).length;
    expect(changed).toBeGreaterThan(withLabel.length * 0.05);
    // The pill is darker than whatever lies under it, and the text in it is white.
    const count = (data: Buffer, test: (v: number) => boolean) => [...data].filter(test).length;
    expect(count(withLabel, (v) => v < 90)).toBeGreaterThan(count(without, (v) => v < 90));
    expect(count(withLabel, (v) => v > 200)).toBeGreaterThan(5);
  }, 120_000);

  it("says 'Du brauchst 5 Credits' below 5 credits and 'genau ein Bild' with two photos", async () => {
    const { page } = browser;
    // Spend the remaining 5 credits on a second staging.
    await back(page);
    await modesHeading(page).waitFor();
    await openStagingCard(page, 'Gemütlich einrichten');
    await dialog(page).getByRole('button', { name: 'Raum analysieren' }).click();
    await dialog(page).getByRole('button', { name: 'Raum einrichten' }).click({ timeout: 60_000 });
    const finish = dialog(page).getByRole('button', { name: 'Fertigstellen · 5 Credits' });
    await finish.waitFor({ timeout: 120_000 });
    await expect.poll(() => finish.isEnabled(), { timeout: 120_000 }).toBe(true);
    await finish.click();
    // The wait covers the full-size render in software WebGL as well as the call (a loaded machine took over 15 s).
    await toastText(page, 'Virtuell eingerichtet!', 60_000);
    await expectText(page.getByTestId('credit-balance'), '0 Credits');
    await dialog(page).getByRole('button', { name: 'Ergebnis ansehen' }).click();
    await back(page);
    await modesHeading(page).waitFor();

    await openStagingCard(page, 'Gemütlich einrichten');
    await dialog(page).getByText('Du brauchst 5 Credits zum virtuellen Einrichten').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Raum analysieren' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    // Two photos: the card says 'Bitte wähle genau ein Bild zum virtuellen Einrichten aus'.
    await back(page);
    await page.locator('[data-testid="file-input"]').setInputFiles([OTHER_ROOM]);
    await page.getByRole('heading', { name: 'Deine Bilder (2)' }).waitFor();
    await openModes(page, 2);
    await openStagingCard(page, 'Virtuell einrichten');
    expect(await toastText(page, 'genau ein Bild')).toContain(
      'Bitte wähle genau ein Bild zum virtuellen Einrichten aus',
    );
    expect(await dialog(page).count()).toBe(0);
  }, 240_000);
});
