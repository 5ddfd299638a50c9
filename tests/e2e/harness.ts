// End-to-end harness: starts the app exactly as `npm start` does (scripts/start.mjs, its own SQLite file in a
// temp folder, a free port) and drives Debian's Chromium through playwright-core. Nothing is mocked.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const REPO = resolve(import.meta.dirname, '../..');
export const FIXTURES = resolve(REPO, '../shared/fixtures');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface RunningApp {
  url: string;
  dir: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `node scripts/start.mjs` and waits until /api/health answers. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'raumglanz-e2e-'));
  // A fixed PORT (and DATABASE_PATH) lets a test restart the server on the same origin and data.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'raumglanz.db'),
      LOG_LEVEL: 'warn',
      OPENAI_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (CSP violations land here too). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile per call; playwright refuses --user-data-dir in args, hence the persistent context.
 * `blockServiceWorkers`: for tests that hold a download to keep a screen up; the service worker precaches the
 * model files soon after the first page and would answer them from its cache, past the hold.
 */
export async function openBrowser(options: { blockServiceWorkers?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'raumglanz-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'de-DE',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    serviceWorkers: options.blockServiceWorkers ? 'block' : 'allow',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The text of the toast on screen (title and description), waiting for it to contain `expected`; a toast that
 * ends a slow step on a busy machine (a failed analysis after the model's fetch) may be given longer.
 */
export async function toastText(page: Page, expected: string, timeout = 15_000): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: expected }).first();
  await toast.waitFor({ timeout });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** Waits until the locator's text is exactly `expected` (vitest has no web-first assertions of its own). */
export async function expectText(locator: Locator, expected: string): Promise<void> {
  await locator.first().waitFor({ timeout: 15_000 });
  await expect
    .poll(async () => (await locator.first().innerText()).trim(), { timeout: 15_000 })
    .toBe(expected);
}

/**
 * Waits until the service worker controls the page, so a reload works with the network cut off. A worker in
 * 'prompt' mode does not claim the page that installed it; one reload puts the page under its control.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
