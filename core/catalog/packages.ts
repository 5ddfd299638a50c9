// The credit packages of SPEC section 9. Prices are euro cents so sums and comparisons stay exact;
// formatting as de-DE money is the web app's job.

import type { CreditPackage } from './types';

export const CREDIT_PACKAGES: readonly CreditPackage[] = Object.freeze([
  Object.freeze({
    id: 'starter',
    name: 'Starter',
    credits: 10,
    priceCents: 499,
    popular: false,
    savings: null,
  }),
  Object.freeze({
    id: 'popular',
    name: 'Beliebt',
    credits: 25,
    priceCents: 999,
    popular: true,
    savings: '20% Ersparnis',
  }),
  Object.freeze({
    id: 'pro',
    name: 'Profi',
    credits: 50,
    priceCents: 1499,
    popular: false,
    savings: '40% Ersparnis',
  }),
]);
