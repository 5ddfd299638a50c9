// Builds the PWA from web/ into dist/. The service worker precaches the app shell, the workers and the room
// detector's files so the page starts and analyses offline; it asks before updating (registerType 'prompt')
// because a reload would kill running work. Text files are also written precompressed (server/precompressed.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import {
  DETECTOR_FILE_NAMES,
  DETECTOR_URL_PREFIX,
  TFJS_WASM_FILE_NAMES,
  TFJS_WASM_URL_PREFIX,
} from './core/analysis/room/modelFiles';

/**
 * Writes file.br and file.gz beside every text file of the build, compressed once at the highest level, which
 * server/precompressed.ts hands to browsers that accept them. Chosen over on-the-fly compression (the
 * `compression` middleware): no CPU per request, better ratios, and no dependency.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'raumglanz-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest|json|txt)$/.test(file)) continue;
          const raw = readFileSync(file);
          if (raw.length < 1024) continue;
          const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          const gz = gzipSync(raw, { level: 9 });
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: '../public',
  // No source maps in the build the server publishes: they would hand out the whole source. For debugging,
  // `npx vite build --sourcemap` writes them anyway.
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false },
  // onnxruntime-web's build without its Emscripten loader inlined and without `new URL('….wasm',
  // import.meta.url)`, which made Vite copy the unused 14 MB .wasm into assets/: the runtime always loads
  // from the server's versioned folder (web/staging/segmenter.ts, core/staging/assets.ts).
  resolve: { conditions: ['onnxruntime-web-use-extern-wasm', ...defaultClientConditions] },
  // /models/ (the room detector's files) comes from the API server too, which serves it from node_modules.
  server: { proxy: { '/api': 'http://localhost:8080', '/models': 'http://localhost:8080' } },
  // ES module workers (all are started with type 'module'), so the image worker can load its WebAssembly codec
  // (web/engine/wasmCodec.ts) as a chunk of its own on first use instead of with the worker.
  worker: { format: 'es' },
  plugins: [
    react(),
    precompress(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'raumglanz – Raumfotos, die Gäste überzeugen',
        short_name: 'raumglanz',
        description:
          'Verbessere die Fotos deiner Ferienwohnung oder Immobilie: heller, freundlicher, bereit für dein Inserat – direkt im Browser.',
        lang: 'de',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f6efe4',
        theme_color: '#0f5257',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Photos shared from a phone's gallery: public/sw-outbox.js receives the POST, keeps the files and
        // sends the app to '/?shared=1', where web/app/ShareReceiver.tsx adds them to the upload grid.
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'photos', accept: ['image/jpeg', 'image/png', 'image/webp'] }] },
        },
        // 'Öffnen mit raumglanz' for photos on a desktop (launchQueue, web/app/ShareReceiver.tsx).
        file_handlers: [
          {
            action: '/',
            accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] },
          },
        ],
      },
      workbox: {
        // The app shell and the workers: the room analyser's bundle (tfjs) and the image engine, so analysis
        // and the free modes work offline from the first visit; .bin is the learned retouch's weights
        // (web/engine/learnedRetouch.ts, 2.4 MB, content-hashed names), fetched while the worker installs;
        // .wasm is the image worker's own codec (web/engine/wasmCodec.ts, ~0.7 MB).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,bin,wasm}'],
        globIgnores: ['**/models/**'],
        // Background Sync for the outbox and the share target's POST (public/sw-outbox.js).
        importScripts: ['/sw-outbox.js'],
        // tfjs' worker bundle is over workbox's 2 MB default.
        maximumFileSizeToCacheInBytes: 12 * 1024 * 1024,
        // The detector's model and tfjs' wasm come from the server (server/ai/room/modelRoute.ts), not the
        // build, so they are named here. The service worker fetches them while installing, after the page
        // has loaded, so the first load does not wait for them; the versioned paths need no revision.
        additionalManifestEntries: [
          ...DETECTOR_FILE_NAMES.map((name) => DETECTOR_URL_PREFIX + name),
          ...TFJS_WASM_FILE_NAMES.map((name) => TFJS_WASM_URL_PREFIX + name),
        ].map((url) => ({ url, revision: null })),
        runtimeCaching: [
          {
            // Model and wasm files live under versioned paths and the worker bundle's name carries its hash,
            // so a cached copy is never stale: serve it from the cache, also offline, after the first use.
            // That includes the staging's segmenter, ort's runtime and the furniture (core/staging/assets.ts).
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              (url.pathname.startsWith('/models/') || /\/assets\/roomWorker-[^/]+\.js$/.test(url.pathname)),
            handler: 'CacheFirst',
            options: {
              cacheName: 'raumglanz-models',
              // The room detector's 5 files, the staging's 3 and its 29 furniture files, with room for an upgrade.
              expiration: { maxEntries: 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
