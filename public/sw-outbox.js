// Loaded into the generated service worker (vite.config.ts, workbox importScripts). Background Sync: when the
// browser sees the connection back, even with the tab in the background, it fires 'raumglanz-outbox'; the
// outbox and its blobs live in the page's IndexedDB, so the worker only asks an open tab to send
// (web/app/OutboxPanel.tsx). With no tab open, the next start of the app sends instead.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'raumglanz-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'raumglanz-outbox-flush' });
    }),
  );
});

// Share target (manifest share_target, vite.config.ts): photos shared from a phone's gallery arrive as a
// multipart POST. They are kept in the Cache 'raumglanz-share' (one entry per photo, its name in a header) and
// the app is opened at '/?shared=1', where web/app/ShareReceiver.tsx adds them to the upload grid.
const SHARE_CACHE = 'raumglanz-share';
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin) return;
  if (url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      const form = await event.request.formData();
      const cache = await caches.open(SHARE_CACHE);
      const stamp = Date.now();
      let i = 0;
      for (const file of form.getAll('photos')) {
        if (typeof file === 'string') continue;
        await cache.put(
          `/share-target/files/${stamp}-${i++}`,
          new Response(file, {
            headers: {
              'content-type': file.type || 'application/octet-stream',
              'x-file-name': encodeURIComponent(file.name || `foto-${i}.jpg`),
            },
          }),
        );
      }
      return Response.redirect('/?shared=1', 303);
    })(),
  );
});
