// Photos that arrive from outside the page: shared from a phone's gallery (the service worker keeps the
// POST's files in the Cache 'raumglanz-share', public/sw-outbox.js) or opened with the installed app on a
// desktop (file_handlers, window.launchQueue). Both end in the upload grid like chosen files.

import { useEffect } from 'react';
import { useActions } from '../services/context';

const SHARE_CACHE = 'raumglanz-share';

/** Read once per page: React's StrictMode runs effects twice, and each photo must arrive once. */
let taken: Promise<File[]> | null = null;

/** The shared photos the service worker kept, as files; the cache entries are removed once read. */
function takeSharedFiles(): Promise<File[]> {
  taken ??= readSharedFiles();
  return taken;
}

async function readSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined' || !(await caches.has(SHARE_CACHE))) return [];
  const cache = await caches.open(SHARE_CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) {
      const blob = await response.blob();
      const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'foto.jpg');
      files.push(new File([blob], name, { type: blob.type }));
    }
    await cache.delete(request);
  }
  return files;
}

interface LaunchParams {
  files: readonly { getFile(): Promise<File> }[];
}
type LaunchQueue = { setConsumer(consumer: (params: LaunchParams) => void): void };

export function ShareReceiver() {
  const { addFiles } = useActions();
  useEffect(() => {
    let active = true;
    void takeSharedFiles().then((files) => {
      if (active && files.length > 0) void addFiles(files);
      if (new URLSearchParams(window.location.search).has('shared')) {
        window.history.replaceState(null, '', '/');
      }
    });
    // Chromium's file_handlers: the files the app was opened with.
    const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
    queue?.setConsumer((params) => {
      void Promise.all(params.files.map((handle) => handle.getFile())).then((files) => {
        if (files.length > 0) void addFiles(files);
      });
    });
    return () => {
      active = false;
    };
  }, [addFiles]);
  return null;
}
