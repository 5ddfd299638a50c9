// Phone and tablet layout (issue 27) in real Chromium against `npm start`: every screen and dialog of the shared
// screen tour, the retouch and reset dialogs and virtual staging up to arranging, each looked at 390x844, 360x740
// and 768x1024 (the retouch dialog at 1280x900 too): no page wider than the screen, every visible control inside
// it, sticky bars that are compact and leave the last thing they act on uncovered, dialogs whose box and buttons
// fit. Full-page screenshots at 390x844 go to /tmp/layout-shots/ (outside the repo) for a look by eye.

import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../server/paid/ledger';
import { openDatabase } from '../../server/store/db';
import { openModes, ROOM, startOver, tourEveryScreen, uploadPhotos } from '../helpers/e2eJourney';
import { openBrowser, startApp, type Browser, type RunningApp } from './harness';

const PHONE = { width: 390, height: 844 };
const SIZES = [PHONE, { width: 360, height: 740 }, { width: 768, height: 1024 }] as const;
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/layout-shots';
const LIVING_ROOM = ROOM('living_room', 'Places365_val_00000785.jpg');
/** A sticky bar higher than this share of the screen hides too much of the list it sits on. */
const STICKY_BAR_MAX_SHARE = 0.25;

interface Size {
  width: number;
  height: number;
}

interface LookOptions {
  /** The open dialog's buttons must be on screen without scrolling it (painting or comparing needs both at once). */
  dialogButtonsInView?: boolean;
}

let app: RunningApp;
let browser: Browser;
let shot = 0;

beforeAll(async () => {
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ STARTING_CREDITS: '2' });
  // The screen tour holds the detector's download to show the analysis screen (see openBrowser).
  browser = await openBrowser({ blockServiceWorkers: true });
  await browser.page.setViewportSize(PHONE);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Waits until the browser has laid out and painted the page at its current size. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * What does not fit on the page as it is now, in words (empty when all fits). Runs in the page: the page's width,
 * every visible control's horizontal place, the sticky bars (height, place, and at the page's bottom the last
 * thing above them) and every open dialog (its box, and each of its controls once scrolled to).
 */
function layoutProblems(page: Page, options: LookOptions): Promise<string[]> {
  return page.evaluate(
    async ({ dialogButtonsInView, maxShare }) => {
      const problems: string[] = [];
      const width = window.innerWidth;
      const height = window.innerHeight;
      const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
      const name = (el: Element) => {
        const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim();
        const cls =
          typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
        return `${el.tagName.toLowerCase()}${cls} '${text.replace(/\s+/g, ' ').slice(0, 40)}'`;
      };
      const px = (n: number) => Math.round(n);
      // Shown to sighted users: rendered, not hidden, not clipped away on purpose (skip link, screen-reader text).
      const shown = (el: Element) =>
        el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
        el.getClientRects().length > 0 &&
        el.closest('.visually-hidden, .skip-link') === null;
      const CONTROLS =
        'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="tab"], [role="radio"], [role="slider"]';
      const controls = (root: ParentNode) => [...root.querySelectorAll(CONTROLS)].filter(shown);

      const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
      if (pageWidth > width) {
        // Name what sticks out: the elements reaching past the screen whose children all stay inside it.
        const wide = [...document.body.querySelectorAll('*')].filter(
          (el) => shown(el) && el.getBoundingClientRect().right > width + 1,
        );
        const culprits = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
        problems.push(
          `the page is ${pageWidth} px wide on a ${width} px screen (${culprits.slice(0, 3).map(name).join(', ')})`,
        );
      }
      for (const el of controls(document)) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.left < -1 || box.right > width + 1) {
          problems.push(`${name(el)} reaches from ${px(box.left)} to ${px(box.right)} px`);
        }
      }

      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(shown);
      if (dialogs.length === 0) {
        for (const bar of [...document.querySelectorAll<HTMLElement>('.sticky-bar')].filter(shown)) {
          window.scrollTo({ top: 0, behavior: 'instant' });
          await frame();
          let box = bar.getBoundingClientRect();
          if (box.height > height * maxShare) {
            problems.push(`the sticky bar is ${px(box.height)} px high on a ${height} px screen`);
          }
          if (box.top < height && box.bottom > height + 1) {
            problems.push(`the sticky bar reaches ${px(box.bottom - height)} px below the screen`);
          }
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
          await frame();
          box = bar.getBoundingClientRect();
          // What the bar acts on: everything before it in its screen.
          const items = [
            ...(bar.parentElement?.querySelectorAll(`${CONTROLS}, img, li, p, h2, h3, .card`) ?? []),
          ].filter((el) => shown(el) && !bar.contains(el) && !el.contains(bar));
          const last = items.reduce<Element | null>(
            (low, el) =>
              low === null || el.getBoundingClientRect().bottom > low.getBoundingClientRect().bottom
                ? el
                : low,
            null,
          );
          if (last && last.getBoundingClientRect().bottom > box.top + 1) {
            problems.push(`at the bottom the sticky bar covers ${name(last)}`);
          }
          for (const el of items.filter((item) => item.matches(CONTROLS))) {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2;
            const y = r.top + r.height / 2;
            if (y < 0 || y > height || x < 0 || x > width) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && bar.contains(hit)) problems.push(`at the bottom the sticky bar covers ${name(el)}`);
          }
          window.scrollTo({ top: 0, behavior: 'instant' });
          await frame();
        }
      }

      for (const dialog of dialogs) {
        const box = dialog.getBoundingClientRect();
        if (box.left < -1 || box.top < -1 || box.right > width + 1 || box.bottom > height + 1) {
          problems.push(
            `${name(dialog)} lies at ${px(box.left)},${px(box.top)} to ${px(box.right)},${px(box.bottom)}`,
          );
        }
        if (dialog.scrollWidth > dialog.clientWidth + 1) {
          problems.push(
            `${name(dialog)} is ${dialog.scrollWidth} px wide inside, ${dialog.clientWidth} px shown`,
          );
        }
        const inside = controls(dialog);
        if (dialogButtonsInView) {
          for (const el of inside.filter((c) => c.matches('button'))) {
            const r = el.getBoundingClientRect();
            if (r.top < box.top - 1 || r.bottom > Math.min(box.bottom, height) + 1) {
              problems.push(`${name(el)} is not in view without scrolling the dialog`);
            }
          }
        }
        // Every control can be reached: scrolled to, it lies inside the dialog's box and the screen.
        for (const el of inside) {
          el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
          await frame();
          const r = el.getBoundingClientRect();
          const outer = dialog.getBoundingClientRect();
          const top = Math.max(outer.top, 0);
          const bottom = Math.min(outer.bottom, height);
          if (r.left < Math.max(outer.left, 0) - 1 || r.right > Math.min(outer.right, width) + 1) {
            problems.push(`${name(el)} in the dialog reaches from ${px(r.left)} to ${px(r.right)} px`);
          } else if (r.height > 0 && (r.top < top - 1 || r.bottom > bottom + 1)) {
            problems.push(`${name(el)} in the dialog cannot be scrolled into view`);
          }
        }
        dialog.scrollTo({ top: 0, behavior: 'instant' });
      }
      return problems;
    },
    { dialogButtonsInView: options.dialogButtonsInView ?? false, maxShare: STICKY_BAR_MAX_SHARE },
  );
}

/**
 * Looks at the screen as it is at every size (and the extra ones given), collects what does not fit under the
 * screen's name, saves a full-page screenshot at phone size, and leaves the page at phone size again.
 */
async function look(
  page: Page,
  screen: string,
  found: Record<string, string[]>,
  options: LookOptions & { extraSizes?: readonly Size[] } = {},
): Promise<void> {
  for (const size of [...SIZES, ...(options.extraSizes ?? [])]) {
    await page.setViewportSize(size);
    await settle(page);
    const problems = await layoutProblems(page, options);
    if (problems.length > 0) found[`${screen} @${size.width}x${size.height}`] = problems;
  }
  await page.setViewportSize(PHONE);
  await settle(page);
  shot += 1;
  const file = `${String(shot).padStart(2, '0')}-${screen
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  if ((await dialog.count()) === 0) {
    // The whole page at the top, as it opens: the sticky bar is drawn where the first screenful ends.
    await page.screenshot({ path: join(SHOTS, `${file}.png`), fullPage: true });
    return;
  }
  // A dialog is fixed to the screen: the screen as it opens, then with the dialog scrolled to its end.
  await page.screenshot({ path: join(SHOTS, `${file}.png`) });
  const scrolls = await dialog.first().evaluate((el) => {
    el.scrollTo({ top: el.scrollHeight, behavior: 'instant' });
    return el.scrollTop > 0;
  });
  if (scrolls) {
    await settle(page);
    await page.screenshot({ path: join(SHOTS, `${file}-ende.png`) });
    await dialog.first().evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
  }
}

/** Gives the only account credits behind the page's back, straight in the app's SQLite file. */
async function grantCredits(amount: number): Promise<void> {
  const db = await openDatabase(join(app.dir, 'raumglanz.db'));
  try {
    const { id } = await db.kysely.selectFrom('user').select('id').executeTakeFirstOrThrow();
    await createLedger(db).grant({
      userId: id,
      amount,
      idempotencyKey: `e2e:layout:${Date.now()}`,
      reason: 'e2e',
    });
  } finally {
    await db.close();
  }
}

const stagingCard = (page: Page): Locator => page.getByRole('button', { name: /^Virtuell einrichten/ });

describe('phone and tablet layout', () => {
  it('fits every screen and dialog of the journey at 360-390 px and at 768 px', async () => {
    const { page } = browser;
    const found: Record<string, string[]> = {};
    const screens: string[] = [];
    await tourEveryScreen(page, app.url, 2, async (screen) => {
      screens.push(screen);
      await look(page, screen, found);
      if (screen !== 'Ergebnisse') return;

      // The results' own dialogs: the question before starting over, and the retouch brush (also on a desktop,
      // where its buttons were cut off).
      await page.getByRole('button', { name: 'Neu starten' }).click();
      const question = page.getByRole('alertdialog');
      await question.waitFor();
      await look(page, 'Wirklich neu starten', found, { dialogButtonsInView: true });
      await question.getByRole('button', { name: 'Abbrechen' }).click();
      await question.waitFor({ state: 'hidden' });

      await page
        .getByRole('button', { name: /retuschieren$/ })
        .first()
        .click();
      const retouch = page.getByRole('dialog', { name: /^Retuschieren/ });
      await retouch.waitFor();
      await retouch.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await look(page, 'Retuschieren', found, { dialogButtonsInView: true, extraSizes: [DESKTOP] });
      await retouch.getByRole('button', { name: 'Abbrechen' }).click();
      await retouch.waitFor({ state: 'hidden' });
    });
    expect(screens.length).toBeGreaterThanOrEqual(20);
    expect(found).toEqual({});
  }, 600_000);

  it('fits the staging dialog from the options to arranging', async () => {
    const { page } = browser;
    const found: Record<string, string[]> = {};
    await grantCredits(20);
    await page.goto(app.url);
    await startOver(page);
    await uploadPhotos(page, [LIVING_ROOM]);
    await openModes(page, 1);
    if ((await stagingCard(page).count()) === 0) {
      await page.getByRole('button', { name: 'weitere Optimierungen anzeigen' }).click();
    }
    await stagingCard(page).first().click();
    const dialog = page.getByRole('dialog');
    const analyse = dialog.getByRole('button', { name: 'Raum analysieren' });
    await analyse.waitFor();
    await expect.poll(() => analyse.isEnabled()).toBe(true);
    await look(page, 'Einrichten: Optionen', found);

    await analyse.click();
    await dialog.getByRole('listitem').first().waitFor({ timeout: 90_000 });
    await look(page, 'Einrichten: Auswahl', found);

    await dialog.getByRole('button', { name: 'Raum einrichten' }).click();
    const finish = dialog.getByRole('button', { name: /^Fertigstellen/ });
    await finish.waitFor({ timeout: 180_000 });
    await expect.poll(() => finish.isEnabled(), { timeout: 180_000 }).toBe(true);
    await look(page, 'Einrichten: Anordnen', found);
    expect(found).toEqual({});
  }, 480_000);
});
