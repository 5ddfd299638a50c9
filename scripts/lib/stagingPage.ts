// A page of the web app's staging code on 127.0.0.1 for headless Chromium, shared by `npm run stage` and the
// staging benches: Vite (middleware mode, no config file) transforms the page's module as the dev server does,
// the staging assets come from the server's own router, and the photo's bytes are served at /photo.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { createServer as createViteServer } from 'vite';
import { stagingAssetRouter } from '../../server/staging/assetRoute';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface StagingPage {
  origin: string;
  close(): Promise<void>;
}

/** Serves an HTML page at / that imports `module` (a path from the repository's root, e.g. '/bench/page/x.ts'). */
export async function serveStagingPage(module: string, photo: Buffer): Promise<StagingPage> {
  const vite = await createViteServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    // No HMR: its websocket port may be taken by another dev server, and the page never reloads.
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  const html =
    '<!doctype html><html lang="de"><meta charset="utf-8"><title>raumglanz staging</title>' +
    `<script type="module" src="${module}"></script></html>`;
  const app = express();
  app.get('/', (_req, res) => void res.type('html').send(html));
  app.get('/photo', (_req, res) => void res.type('application/octet-stream').send(photo));
  app.use(stagingAssetRouter());
  app.use(vite.middlewares);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await vite.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Debian's Chromium, headless, with software WebGL (SwiftShader) as it comes. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}
