// German formatting of money through Intl, so '4,99 €' is never assembled by hand.

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

export const formatEuroCents = (cents: number): string => euro.format(cents / 100);
