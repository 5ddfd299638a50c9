// Builds the PWA from web/ into dist/. The service worker precaches the app shell so the page starts offline;
// it asks before updating (registerType 'prompt') because a reload would kill running work.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'web',
  publicDir: '../public',
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
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
        globIgnores: ['**/models/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
