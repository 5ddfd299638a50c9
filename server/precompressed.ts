// Serves the build's precompressed copies (file.js.br, file.js.gz, written by vite.config.ts's precompress
// step) to browsers that accept them. Compressed once at build time at the highest level, so no request costs
// CPU for it; the plain file stays for clients that accept neither, and express.static serves that.
import { existsSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { RequestHandler } from 'express';

/** Text files compress well; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt']);

/** Best first: brotli is about a fifth smaller than gzip on our bundles. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

export function precompressed(
  root: string,
  cacheControlFor: (relativePath: string) => string,
): RequestHandler {
  const base = resolve(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = extname(req.path);
    if (!COMPRESSIBLE.has(type)) return next();
    // Caches must keep the encodings apart, whichever one this answer has.
    res.vary('Accept-Encoding');
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    const file = resolve(base, relativePath);
    if (!file.startsWith(base + sep)) return next();
    for (const [encoding, suffix] of ENCODINGS) {
      if (!req.acceptsEncodings(encoding) || !existsSync(file + suffix)) continue;
      res.type(type);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Cache-Control', cacheControlFor(relativePath.split(sep).join('/')));
      res.sendFile(file + suffix, { cacheControl: false, dotfiles: 'deny' }, (error) => {
        if (error) next(error);
      });
      return;
    }
    next();
  };
}
