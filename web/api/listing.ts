// The client of POST /api/scrape-property: sends the listing link, parses the answer with the shared contract,
// and turns every failure into one German sentence for the import form (SPEC section 8, 'Import').

import { ScrapePropertyErrorBody, ScrapePropertyResponse } from '../../core/contract/scrapeProperty';
import { t } from '../i18n/de';

export type ImportOutcome = { ok: true; value: ScrapePropertyResponse } | { ok: false; message: string };

export async function scrapeProperty(url: string, signal?: AbortSignal): Promise<ImportOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/scrape-property', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url }),
      signal,
    });
  } catch {
    return { ok: false, message: t('importForm.fetchFailed') };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: response.ok ? t('importForm.unknownError') : t('importForm.fetchFailed') };
  }
  if (!response.ok) {
    // The server's German text where it sent one; otherwise the catalogue's generic message.
    const failure = ScrapePropertyErrorBody.safeParse(body);
    if (failure.success) return { ok: false, message: failure.data.error };
    const error = (body as { error?: unknown })?.error;
    return { ok: false, message: typeof error === 'string' && error ? error : t('importForm.fetchFailed') };
  }
  if (
    Array.isArray((body as { images?: unknown })?.images) &&
    (body as { images: unknown[] }).images.length === 0
  ) {
    return { ok: false, message: t('importForm.noImages') };
  }
  const parsed = ScrapePropertyResponse.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: t('importForm.unknownError') };
}
