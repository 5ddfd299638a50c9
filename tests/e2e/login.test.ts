// Accounts in real Chromium against the app as `npm start` runs it (NODE_ENV=production, so better-auth's own
// origin checks are on as in real use): create an account on /login, see the starting credits in the top
// bar, stay signed in across a reload, sign out, and the German messages for what goes wrong.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../server/paid/ledger';
import { openDatabase } from '../../server/store/db';
import { expectText, openBrowser, startApp, type Browser, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
const email = `e2e-${Date.now()}@example.com`;
const password = 'sicheres-passwort';

beforeAll(async () => {
  app = await startApp({ NODE_ENV: 'production' });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const balance = () => browser.page.getByTestId('credit-balance');
const signOutButton = () => browser.page.getByRole('button', { name: 'Abmelden' });
const alert = () => browser.page.locator('.login [role="alert"]');

describe('login', () => {
  it("says 'Überprüfe Anmeldung...' while the session is being checked", async () => {
    const { page } = browser;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session*', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${app.url}/login?next=${encodeURIComponent('/preise')}`);
    await expectText(page.getByRole('status').filter({ hasText: 'Überprüfe' }), 'Überprüfe Anmeldung...');
    release();
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    await page.unroute('**/api/auth/get-session*');
  });

  it('creates an account, returns to where the user came from and shows 10 Credits', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Konto erstellen' }).click();
    await page.getByLabel('Name').fill('Greta Gastgeberin');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    await expectText(balance(), '10 Credits');
    await page.waitForURL(`${app.url}/preise`);
    await signOutButton().waitFor();
    expect(await page.getByText('Greta Gastgeberin').count()).toBe(1);
  });

  it('is still signed in after a reload', async () => {
    const { page } = browser;
    await page.reload();
    await expectText(balance(), '10 Credits');
    await signOutButton().waitFor();
  });

  it("reloads the balance on the browser event 'creditUpdate'", async () => {
    // Credits granted behind the page's back (as a purchase or a refund would), straight into the app's file.
    const db = await openDatabase(join(app.dir, 'raumglanz.db'));
    try {
      const { id } = await db.kysely
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await createLedger(db).grant({
        userId: id,
        amount: 5,
        idempotencyKey: `e2e:${id}`,
        reason: 'e2e',
      });
    } finally {
      await db.close();
    }
    await expectText(balance(), '10 Credits');
    await browser.page.evaluate(() => window.dispatchEvent(new Event('creditUpdate')));
    await expectText(balance(), '15 Credits');
  });

  it('signs out: the balance goes and the top bar offers to sign in', async () => {
    const { page } = browser;
    await signOutButton().click();
    await page.getByRole('link', { name: 'Anmelden' }).waitFor();
    expect(await balance().count()).toBe(0);
    await page.reload();
    await page.getByRole('link', { name: 'Anmelden' }).waitFor();
    expect(await balance().count()).toBe(0);
  });

  it('says in German when the password is wrong, the e-mail is taken or the password is short', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/login\?next=%2Fpreise$/);

    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill('falsches-passwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expectText(alert(), 'E-Mail oder Passwort ist falsch.');

    await page.getByRole('tab', { name: 'Konto erstellen' }).click();
    await page.getByLabel('Name').fill('Noch Jemand');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expectText(alert(), 'Für diese E-Mail-Adresse gibt es schon ein Konto. Melde dich an.');

    await page.getByLabel('Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expectText(alert(), 'Das Passwort muss mindestens 8 Zeichen lang sein.');
  });

  it('says so when the server cannot be reached, then signs in and returns', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Anmelden' }).click();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill(password);
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expectText(
      alert(),
      'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung und versuche es erneut.',
    );
    await page.unroute('**/api/auth/sign-in/email');

    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expectText(balance(), '15 Credits');
    await page.waitForURL(`${app.url}/preise`);
  });

  it('logged no unexpected errors in the browser (no CSP violations, no crashes)', () => {
    // The refused sign-ins (401, 422) and the cut connection show up as failed loads; nothing else may.
    const unexpected = browser.errors.filter(
      (e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e),
    );
    expect(unexpected).toEqual([]);
  });
});
