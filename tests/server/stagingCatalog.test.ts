// STAGING_CATALOG at start: an operator's feed file replaces the shipped examples; a bad file is one error naming
// the file and each bad entry, and a missing file says it cannot be read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG, FeedError } from '../../core/staging';
import { parseEnv } from '../../server/env';
import { loadStagingCatalog, productSourceFromEnv } from '../../server/staging/productSource';

const dir = mkdtempSync(path.join(tmpdir(), 'raumglanz-feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRODUCT = {
  id: 'lamp-1',
  title: 'Stehleuchte „Bogen“, Messing',
  priceCents: 12_999,
  link: 'https://www.amazon.de/dp/B000000001',
  category: 'floorLamp',
  sizeCm: { w: 40, d: 40, h: 160 },
  colors: ['#b8913e'],
  material: 'Messing gebürstet',
  styles: ['classic'],
};

function file(name: string, content: unknown): string {
  const at = path.join(dir, name);
  writeFileSync(at, typeof content === 'string' ? content : JSON.stringify(content));
  return at;
}

function errorOf(at: string): FeedError {
  try {
    loadStagingCatalog(at);
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('#loadStagingCatalog', () => {
  it('is the shipped examples without STAGING_CATALOG', () => {
    expect(loadStagingCatalog(undefined)).toBe(CATALOG);
    expect(parseEnv({ STAGING_CATALOG: '' }).STAGING_CATALOG).toBeUndefined();
  });

  it("reads an operator's feed", async () => {
    const at = file('good.json', { products: [PRODUCT] });
    expect(loadStagingCatalog(at).map((item) => item.id)).toEqual(['lamp-1']);
    const source = productSourceFromEnv({ STAGING_CATALOG: ` ${at} ` });
    expect((await source.byIds(['lamp-1', 'sofa-modern-mid'])).map((item) => item.id)).toEqual(['lamp-1']);
  });

  it('refuses a file with a bad entry, naming the file, the entry and the field', () => {
    const at = file('bad.json', {
      products: [PRODUCT, { ...PRODUCT, id: 'lamp-2', sizeCm: { w: 40, d: 40 } }],
    });
    const error = errorOf(at);
    expect(error.problems).toEqual(['product 2 (id "lamp-2"): sizeCm.h must be a number of centimetres']);
    expect(error.message).toBe(
      `Invalid staging catalogue (STAGING_CATALOG=${at}):\n  product 2 (id "lamp-2"): sizeCm.h must be a number of centimetres`,
    );
  });

  it('says when the file is missing or not JSON', () => {
    expect(errorOf(path.join(dir, 'missing.json')).problems[0]).toMatch(/^cannot read the file: ENOENT/);
    expect(errorOf(file('broken.json', '{ "products": [')).problems[0]).toMatch(/not valid JSON/);
  });
});
