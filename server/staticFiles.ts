// Serves the built web app (Vite's dist/) with caching that suits a PWA, and the single-page-app fallback.
// Hashed files under /assets/ never change, so browsers keep them a year; the entry points (index.html, the
// service worker, the manifest) must be revalidated every time or users would be stuck on an old release.
import { existsSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import express, { Router, type Response } from 'express';
import { precompressed } from './precompressed';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
export const SHORT = 'public, max-age=3600';

const ENTRY_POINTS = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/** Which Cache-Control a file of the build gets, from its path relative to the build folder ('/' separated). */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return IMMUTABLE;
  if (ENTRY_POINTS.has(relativePath)) return NO_CACHE;
  return SHORT;
}

/** A client-side route such as /login or /preise: not under /assets/ and without a file extension. */
export function isAppRoute(urlPath: string): boolean {
  if (urlPath === '/assets' || urlPath.startsWith('/assets/')) return false;
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return extname(lastSegment) === '';
}

const NOT_BUILT =
  'Die Web-App ist noch nicht gebaut. / The web app has not been built yet.\n' +
  'Run `npm run build` (or `npm start`, which builds when needed), then reload this page.\n';

export function staticFiles(staticDir: string): Router {
  const root = resolve(staticDir);
  const indexHtml = join(root, 'index.html');
  const router = Router();

  router.use(precompressed(root, cacheControlFor));
  router.use(
    express.static(root, {
      index: false,
      cacheControl: false,
      setHeaders: (res: Response, filePath: string) => {
        res.setHeader('Cache-Control', cacheControlFor(relative(root, filePath).split(sep).join('/')));
      },
    }),
  );

  router.use((req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isAppRoute(req.path)) {
      // Checked per request, so a build made while the server runs is picked up without a restart.
      if (!existsSync(indexHtml)) {
        res.status(503).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
        return;
      }
      res.sendFile(indexHtml, { cacheControl: false, headers: { 'Cache-Control': NO_CACHE } }, (error) => {
        if (error) next(error);
      });
      return;
    }
    // A missing file is a plain 404: answering index.html would hand HTML to a <script> or <img>.
    res
      .status(404)
      .set('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Nicht gefunden\n');
  });

  return router;
}
