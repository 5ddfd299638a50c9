// What the screens show of the stored photos and results: object URLs made on demand and revoked when no
// component shows them. The screens reach the blobs only through these hooks (web/services/context.ts hands
// them the app's `StoredBlobs`), never through the database handle.

import { useEffect, useState } from 'react';
import type { AppDb } from '../data/db';

/** The stored blobs the screens may show: a photo (its small preview or the original) and a result. */
export interface StoredBlobs {
  photo(imageId: string, kind: 'preview' | 'original'): Promise<Blob | null>;
  /** A result by its key (an `enhancedKey`, a final or staged `resultKey`). */
  result(key: string): Promise<Blob | null>;
}

export function storedBlobs(db: AppDb): StoredBlobs {
  return {
    async photo(imageId, kind) {
      const row = await db.images.get(imageId);
      return (row && (kind === 'preview' ? (row.preview ?? row.original) : row.original)) ?? null;
    },
    async result(key) {
      return (await db.results.get(key))?.blob ?? null;
    },
  };
}

export function usePhotoUrl(
  blobs: StoredBlobs,
  imageId: string,
  kind: 'preview' | 'original' = 'preview',
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    void blobs.photo(imageId, kind).then((blob) => {
      if (!blob || cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [blobs, imageId, kind]);
  return url;
}

/** An object URL for a stored result, revoked when unused. */
export function useResultUrl(blobs: StoredBlobs, key: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void blobs.result(key).then((blob) => {
      if (!blob || cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      setUrl(null);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [blobs, key]);
  return url;
}

export type ResultUrlState = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; url: string };

/**
 * A result as an object URL, or 'missing' when this device no longer holds it (storage cleared or evicted):
 * then the screen says so instead of showing an empty frame.
 */
export function useStoredResult(blobs: StoredBlobs, key: string | undefined): ResultUrlState {
  const [stored, setStored] = useState<{ key: string | undefined; value: ResultUrlState }>({
    key,
    value: { state: 'loading' },
  });
  useEffect(() => {
    if (!key) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void blobs.result(key).then(
      (blob) => {
        if (cancelled) return;
        if (!blob) {
          setStored({ key, value: { state: 'missing' } });
          return;
        }
        objectUrl = URL.createObjectURL(blob);
        setStored({ key, value: { state: 'ready', url: objectUrl } });
      },
      () => !cancelled && setStored({ key, value: { state: 'missing' } }),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [blobs, key]);
  if (!key) return { state: 'missing' };
  return stored.key === key ? stored.value : { state: 'loading' };
}
