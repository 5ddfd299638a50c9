// GET /api/ai-capabilities: what this server's AI provider really does with the server modes. The ones it only
// approximates with classical image processing are free (credits are for real AI work only); the ones it cannot
// do at all are offered to nobody. The app shows both before anyone is charged and keeps them for offline use.
import { z } from 'zod';

export const AiCapabilitiesResponse = z.object({
  /** Server mode ids that cost 0 credits with this server (core/catalog `modeCost`). */
  approximatedModeIds: z.array(z.string().max(64)).max(64),
  /**
   * Server mode ids this server cannot do at all (the offline builtin provider has no generative model): never
   * recommended, preselected or tickable. Never a staging mode: those open the staging flow, which every
   * server runs. Empty with a generative provider.
   */
  unavailableModeIds: z.array(z.string().max(64)).max(64),
  /**
   * Server mode ids this server does by finding loose objects and filling them in, without a generative model:
   * their cards say which things it finds. Empty with a generative provider; absent from older servers.
   */
  removalModeIds: z.array(z.string().max(64)).max(64).optional(),
});
export type AiCapabilitiesResponse = z.infer<typeof AiCapabilitiesResponse>;
