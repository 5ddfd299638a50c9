import { describe, it, expect } from 'vitest';
import { CREDIT_PACKAGES, packageById } from '../../../core/catalog';

describe('CREDIT_PACKAGES', () => {
  it('holds the three packages of SPEC section 9', () => {
    expect(CREDIT_PACKAGES).toEqual([
      { id: 'starter', name: 'Starter', credits: 10, priceCents: 499, popular: false, savings: null },
      {
        id: 'popular',
        name: 'Beliebt',
        credits: 25,
        priceCents: 999,
        popular: true,
        savings: '20% Ersparnis',
      },
      { id: 'pro', name: 'Profi', credits: 50, priceCents: 1499, popular: false, savings: '40% Ersparnis' },
    ]);
  });

  it('marks exactly one package as popular', () => {
    expect(CREDIT_PACKAGES.filter((p) => p.popular).map((p) => p.id)).toEqual(['popular']);
  });

  it('states savings that match the price per credit against Starter, rounded to 10%', () => {
    const [starter, ...others] = CREDIT_PACKAGES;
    const basePerCredit = starter!.priceCents / starter!.credits;
    for (const p of others) {
      const saving = 1 - p.priceCents / p.credits / basePerCredit;
      expect(p.savings).toBe(`${Math.round(saving * 10) * 10}% Ersparnis`);
    }
  });

  it('keeps prices in whole cents', () => {
    for (const p of CREDIT_PACKAGES) expect(Number.isInteger(p.priceCents)).toBe(true);
  });
});

describe('#packageById', () => {
  it.each([
    ['starter', 10],
    ['popular', 25],
    ['pro', 50],
  ])('%s has %i credits', (id, credits) => {
    expect(packageById(id)?.credits).toBe(credits);
  });

  it('answers undefined for an unknown id', () => {
    expect(packageById('gold')).toBeUndefined();
  });
});
