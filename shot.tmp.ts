import { openBrowser, startApp } from './tests/e2e/harness';
import { modesHeading, openModes, ROOM, signUp, uploadPhotos } from './tests/helpers/e2eJourney';
const photo = process.argv[2] ?? ROOM('living_room', 'Places365_val_00000785.jpg');
const app = await startApp();
const browser = await openBrowser();
const { page } = browser;
try {
  if (process.argv[3]) await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, app.url, 'Shot Taker', 10);
  await uploadPhotos(page, [photo]);
  await openModes(page, 1);
  const card = page.getByRole('button', { name: /^Gemütlich einrichten/ });
  if ((await card.count()) === 0) await page.getByRole('button', { name: 'weitere Optimierungen anzeigen' }).click();
  await card.first().click();
  const dialog = page.getByRole('dialog', { name: 'Virtual Staging' });
  await dialog.getByRole('button', { name: 'Raum analysieren' }).click();
  await dialog.getByRole('button', { name: 'Raum einrichten' }).click({ timeout: 60_000 });
  const finish = dialog.getByRole('button', { name: 'Fertigstellen · 5 Credits' });
  await finish.waitFor({ timeout: 120_000 });
  for (let i = 0; i < 120 && !(await finish.isEnabled()); i++) await page.waitForTimeout(500);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/arrange.png', fullPage: true });
  console.log('errors', browser.errors);
} finally {
  await browser.close();
  await app.stop();
}
