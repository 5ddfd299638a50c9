// Object URLs for the stored photos' previews, made on demand and revoked when no component shows them.

import { useEffect, useState } from 'react';
import type { AppDb } from '../data/db';

export function usePreviewUrl(
  db: AppDb,
  imageId: string,
  kind: 'preview' | 'original' = 'preview',
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    void db.images.get(imageId).then((row) => {
      const blob = row && (kind === 'preview' ? (row.preview ?? row.original) : row.original);
      if (!blob || cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [db, imageId, kind]);
  return url;
}

/** An object URL for a stored result (an `enhancedUrl` or final image key), revoked when unused. */
export function useResultUrl(db: AppDb, resultId: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!resultId) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void db.results.get(resultId).then((row) => {
      if (!row || cancelled) return;
      objectUrl = URL.createObjectURL(row.blob);
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      setUrl(null);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [db, resultId]);
  return url;
}
