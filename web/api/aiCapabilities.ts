// Asks the server once per start which of its server modes are classical approximations (free) and which it
// cannot do at all, and keeps the answer on the device (web/data/aiCapabilities.ts). Offline or on any failure
// the stored answer stays.
import { AiCapabilitiesResponse } from '../../core/contract/aiCapabilities';
import { writeAiCapabilities } from '../data/aiCapabilities';
import { apiRequest } from './http';

export async function refreshAiCapabilities(signal?: AbortSignal): Promise<void> {
  try {
    const body = await apiRequest('/api/ai-capabilities', {
      schema: AiCapabilitiesResponse,
      ...(signal ? { signal } : {}),
    });
    writeAiCapabilities(body);
  } catch {
    // Keep what this device knew: prices and the offer stay as last shown.
  }
}
