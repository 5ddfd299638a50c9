// Builds the PWA from web/ into dist/. The service worker precaches the app shell so the page starts offline;
// it asks before updating (registerType 'prompt') because a reload would kill running work.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'web',
  publicDir: '../public',
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: true },
  // /models/ (the room detector's files) comes from the API server too, which serves it from node_modules.
  server: { proxy: { '/api': 'http://localhost:8080', '/models': 'http://localhost:8080' } },
  plugins: [
    react(),
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
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only; large optional assets (models) are cached on first use, not precached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The room analyser's worker bundle (tfjs, several MB) is left out too: both load on first analysis.
        globIgnores: ['**/models/**', '**/roomWorker-*.js'],
        runtimeCaching: [
          {
            // Model and wasm files live under versioned paths and the worker bundle's name carries its hash,
            // so a cached copy is never stale: serve it from the cache, also offline, after the first use.
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              (url.pathname.startsWith('/models/') || /\/assets\/roomWorker-[^/]+\.js$/.test(url.pathname)),
            handler: 'CacheFirst',
            options: {
              cacheName: 'raumglanz-models',
              expiration: { maxEntries: 20 },
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
