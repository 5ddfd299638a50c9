// Which server modes this server's AI provider only approximates with classical processing (free, core/catalog
// `modeCost`) and which it cannot do at all (never offered), as GET /api/ai-capabilities last said. Kept on this
// device in localStorage so prices and the offer are right offline and before the answer comes. Until the server
// has answered once (UNKNOWN_AI_CAPABILITIES) every server mode counts as paid, a price shown too high at first,
// never one the server would charge above; and which server modes work is unknown, so none is preselected (the
// default selection must get results) and none is marked impossible. An answer stored by an older version, which
// did not say what the server cannot do, reads as unknown too: 'nothing unavailable' would preselect what may fail.
import { useSyncExternalStore } from 'react';
import { UNKNOWN_AI_CAPABILITIES } from '../../core/catalog/modes';
import type { AiCapabilities } from '../../core/catalog/types';
import { browserStorage, type KeyValueStorage } from './settings';

const AI_CAPABILITIES_KEY = 'raumglanz.aiCapabilities';

/**
 * What this device stored after the contract's parse (web/api/aiCapabilities.ts), read back with a structural
 * check, since the text may be damaged or from an older version. Not with the contract's zod schema: that would
 * load zod with the landing page, which shows no prices.
 */
function storedCapabilities(value: unknown): AiCapabilities | null {
  if (typeof value !== 'object' || value === null) return null;
  const { approximatedModeIds, unavailableModeIds, removalModeIds } = value as Record<string, unknown>;
  if (!isIdList(approximatedModeIds)) return null;
  return {
    approximatedModeIds,
    unavailableModeIds: isIdList(unavailableModeIds) ? unavailableModeIds : null,
    ...(isIdList(removalModeIds) && { removalModeIds }),
  };
}

const isIdList = (ids: unknown): ids is string[] =>
  Array.isArray(ids) && ids.every((id) => typeof id === 'string');

/** The last parse, so the same stored text gives the same object (React's useSyncExternalStore needs that). */
let parsed: { raw: string | null; value: AiCapabilities } = { raw: null, value: UNKNOWN_AI_CAPABILITIES };
const listeners = new Set<() => void>();

export function readAiCapabilities(storage: KeyValueStorage | null = browserStorage()): AiCapabilities {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(AI_CAPABILITIES_KEY) ?? null;
  } catch {
    // Refused storage reads as 'never answered'.
  }
  if (raw === parsed.raw) return parsed.value;
  let value: AiCapabilities = UNKNOWN_AI_CAPABILITIES;
  try {
    value = storedCapabilities(JSON.parse(raw ?? 'null')) ?? value;
  } catch {
    // Unreadable JSON: as if never answered.
  }
  parsed = { raw, value };
  return value;
}

/** Stores what the server said and tells the screens showing prices. */
export function writeAiCapabilities(
  capabilities: AiCapabilities,
  storage: KeyValueStorage | null = browserStorage(),
): void {
  try {
    storage?.setItem(
      AI_CAPABILITIES_KEY,
      JSON.stringify({
        approximatedModeIds: [...capabilities.approximatedModeIds],
        unavailableModeIds: capabilities.unavailableModeIds && [...capabilities.unavailableModeIds],
        removalModeIds: capabilities.removalModeIds && [...capabilities.removalModeIds],
      }),
    );
  } catch {
    // Storage full or refused: the next visit asks the server again.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The capabilities for a component that shows prices; it re-renders when the server's answer arrives. */
export function useAiCapabilities(): AiCapabilities {
  return useSyncExternalStore(subscribe, () => readAiCapabilities());
}
