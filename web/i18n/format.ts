// German formatting of numbers, money, sizes and dates through Intl, so '4,99 €' and '10,5 MB' are never
// assembled by hand.

const number = new Intl.NumberFormat('de-DE');
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const megabytes = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

export const formatNumber = (n: number): string => number.format(n);
export const formatEuroCents = (cents: number): string => euro.format(cents / 100);
export const formatMegabytes = (bytes: number): string => `${megabytes.format(bytes / 1_048_576)} MB`;
export const formatDateTime = (date: Date | number): string => dateTime.format(date);
