import { describe, it, expect } from 'vitest';
import { CREDIT_PACKAGES } from '../../../core/catalog';

const packageById = (id: string) => CREDIT_PACKAGES.find((p) => p.id === id);

describe('CREDIT_PACKAGES', () => {
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

describe('CREDIT_PACKAGES', () => {
  // The three packages of SPEC section 9, as the pricing screen lists them.
  it.each([
    ['starter', { name: 'Starter', credits: 10, priceCents: 499, popular: false, savings: null }],
    ['popular', { name: 'Beliebt', credits: 25, priceCents: 999, popular: true, savings: '20% Ersparnis' }],
    ['pro', { name: 'Profi', credits: 50, priceCents: 1499, popular: false, savings: '40% Ersparnis' }],
  ])('%s', (id, fields) => {
    expect(packageById(id)).toEqual({ id, ...fields });
  });

  it('finds every listed package and nothing else', () => {
    for (const p of CREDIT_PACKAGES) expect(packageById(p.id)).toBe(p);
    expect(CREDIT_PACKAGES).toHaveLength(3);
  });

  it('answers undefined for an unknown id', () => {
    expect(packageById('gold')).toBeUndefined();
  });
});
