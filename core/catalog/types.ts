// The shapes of the product catalogue: modes, room types, credit packages. Pure data types, shared by web and server.

export const ROOM_TYPES = ['kitchen', 'bedroom', 'bathroom', 'livingRoom', 'exterior', 'general'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const MODE_CATEGORIES = ['cleaning', 'lighting', 'color', 'detail', 'perspective', 'staging'] as const;
export type ModeCategory = (typeof MODE_CATEGORIES)[number];

/** Where a mode runs: on the user's device (free, offline) or through the server's AI (costs credits). */
export type ModeHost = 'device' | 'server';

export interface Mode {
  id: string;
  /** German display name. */
  name: string;
  /** German one-line description shown on the mode card. */
  description: string;
  /** The name of the card's icon in the web app's icon set (web/components/icons). */
  icon: string;
  /** The English instruction given to a generative image model. */
  prompt: string;
  category: ModeCategory;
  /** Lower sorts first. */
  priority: number;
  /** The credits listed in SPEC section 3; what a user pays is `modeCost` (0 for device modes
   *  and for server modes the provider only approximates). */
  listedCredits: number;
  runsOn: ModeHost;
  /** Set on room-specific modes only. */
  roomType?: RoomType;
}

/**
 * What the server's AI provider really does with its modes. A server mode it only approximates with classical
 * image processing (a colour grade, not generative work) is free: credits are for real AI work only. A server
 * mode it cannot do at all (the offline builtin provider has no generative model for a new bed or a window view)
 * is never recommended, preselected or offered for ticking.
 */
export interface AiCapabilities {
  /** Server mode ids whose result is classical image processing with this provider: 0 credits. */
  approximatedModeIds: readonly string[];
  /**
   * Server mode ids this provider cannot do at all. Never the staging modes: they open the staging flow, which
   * every provider runs. null: not known, because this device never heard the server's answer; then no server
   * mode is preselected (nobody knows it works) and none is marked as impossible (nobody knows it is).
   */
  unavailableModeIds: readonly string[] | null;
  /**
   * Server mode ids this provider does by finding objects and filling them in (the builtin removal): their cards
   * say what it finds (core/declutter/removalScope.ts). Absent or empty with a generative provider, and in an
   * answer stored by a version that did not say.
   */
  removalModeIds?: readonly string[];
}

/** A provider's own capabilities: it always knows what it cannot do. */
export interface ProviderCapabilities extends AiCapabilities {
  unavailableModeIds: readonly string[];
  removalModeIds: readonly string[];
}

export interface CreditPackage {
  id: string;
  name: string;
  credits: number;
  /** Euro cents, to keep money exact. */
  priceCents: number;
  popular: boolean;
  /** German savings label such as '20% Ersparnis', or null. */
  savings: string | null;
}
