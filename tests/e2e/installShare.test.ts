// Install and share in real Chromium: the manifest passes Chromium's installability check (CDP
// Page.getInstallabilityErrors) with maskable icons, a share_target and file_handlers; two photos POSTed as a
// multipart form to the share target are received by the service worker and arrive in the upload grid.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS } from '../helpers/e2eJourney';
import { openBrowser, startApp, waitForServiceWorker, type Browser, type RunningApp } from './harness';

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

describe('install and share', () => {
  it('is installable: no installability errors, maskable icons, share_target and file_handlers', async () => {
    const { page, context } = browser;
    await page.goto(app.url);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    const manifestUrl = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '',
    );
    const manifest = (await (await fetch(manifestUrl.replace(/^https?:\/\/[^/]+/, app.url))).json()) as {
      icons: { src: string; purpose?: string }[];
      share_target: { action: string; method: string; enctype: string };
      file_handlers: { accept: Record<string, string[]> }[];
    };
    const maskable = manifest.icons.filter((icon) => icon.purpose === 'maskable');
    expect(maskable.map((icon) => icon.src).sort()).toEqual([
      '/icons/icon-maskable-192.png',
      '/icons/icon-maskable-512.png',
    ]);
    for (const icon of maskable) expect((await fetch(app.url + icon.src)).status).toBe(200);
    expect(manifest.share_target).toMatchObject({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
    });
    expect(Object.keys(manifest.file_handlers[0]!.accept).sort()).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
  });

  it('receives two shared photos through the service worker and puts them in the upload grid', async () => {
    const { page } = browser;
    const photos = [PHOTOS.kitchen, PHOTOS.bathroom].map((path) => ({
      name: path.split('/').pop()!,
      bytes: [...readFileSync(path)],
    }));
    const landed = await page.evaluate(async (files) => {
      const form = new FormData();
      for (const file of files) {
        form.append('photos', new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }));
      }
      const response = await fetch('/share-target', { method: 'POST', body: form });
      return { url: response.url, redirected: response.redirected, status: response.status };
    }, photos);
    // Only the service worker answers this POST (the server has no such route): it redirects to the app.
    expect(landed.redirected).toBe(true);
    expect(new URL(landed.url).search).toBe('?shared=1');
    await page.goto(`${app.url}/?shared=1`);
    await page.getByRole('heading', { name: 'Deine Bilder (2)' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('');
    // The files were taken: a reload adds nothing more.
    await page.reload();
    await page.getByRole('heading', { name: 'Deine Bilder (2)' }).waitFor();

    // The photos take room on the device, shown under 'Speicher auf diesem Gerät' with the retention.
    await page.getByText('Speicher auf diesem Gerät').click();
    await expect
      .poll(() => page.getByTestId('storage-usage').innerText())
      .toMatch(/^Belegt: [\d.,]+ MB von [\d.,]+ MB/);
    expect(await page.getByLabel('Unberührte Sitzungen behalten').inputValue()).toBe('30');
  });
});
