// Loaded into the generated service worker (vite.config.ts, workbox importScripts). Background Sync: when the
// browser sees the connection back, even with the tab in the background, it fires 'raumglanz-outbox'; the
// outbox and its blobs live in the page's IndexedDB, so the worker only asks an open tab to send
// (web/app/OutboxPanel.tsx). With no tab open, the next start of the app sends instead.
/* global self */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'raumglanz-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'raumglanz-outbox-flush' });
    }),
  );
});
