// GET /api/ai-capabilities: which server modes the server's AI provider only approximates with classical image
// processing, so the app can show them as free (credits are for real AI work only) and cache that for offline use.
import { z } from 'zod';

export const AiCapabilitiesResponse = z.object({
  /** Server mode ids that cost 0 credits with this server (core/catalog `modeCost`). */
  approximatedModeIds: z.array(z.string().max(64)).max(64),
});
export type AiCapabilitiesResponse = z.infer<typeof AiCapabilitiesResponse>;
