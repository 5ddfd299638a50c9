// The credit calls of SPEC sections 7 and 9: the balance, the credit packages and the (not yet available)
// purchase, plus the details of the 402 INSUFFICIENT_CREDITS error. Parsed by the server and the web client.
import { z } from 'zod';

/** GET /api/credits: the signed-in user's balance; 0 for a visitor (SPEC section 6). */
export const CreditsResponse = z.object({
  credits: z.number().int().nonnegative(),
  /**
   * Set when this account started with 0 credits because of the free-credit limits: its network already had
   * its new accounts with starting credits today, or the server's free credits for today were used up.
   */
  starterWithheld: z.enum(['NETWORK_LIMIT', 'DAILY_CAP']).optional(),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

export const CreditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int().positive(),
  /** Euro cents, so money stays exact. */
  priceCents: z.number().int().positive(),
  popular: z.boolean(),
  savings: z.string().nullable(),
});

/** GET /api/credit-packages: the packages of core/catalog, cheapest first. */
export const CreditPackagesResponse = z.object({
  packages: z.array(CreditPackageSchema).min(1),
});
export type CreditPackagesResponse = z.infer<typeof CreditPackagesResponse>;

/** POST /api/credits/purchase: answered 501 NOT_IMPLEMENTED until payments exist ('Diese Funktion kommt bald!'). */
export const PurchaseRequest = z.strictObject({
  packageId: z.string().min(1).max(40),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

/** `details` of a 402 INSUFFICIENT_CREDITS answer: what the job costs and what the user holds. */
export const InsufficientCreditsDetails = z.object({
  creditsNeeded: z.number().int().positive(),
  credits: z.number().int().nonnegative(),
});
export type InsufficientCreditsDetails = z.infer<typeof InsufficientCreditsDetails>;
