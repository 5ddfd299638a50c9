// The product feed an operator replaces the shipped catalogue with (STAGING_CATALOG): a valid entry becomes a
// catalogue item, and each bad field is named in the error with the entry's position and id.
import { describe, expect, it } from 'vitest';
import { catalogSource, FeedError, parseFeed, parseFeedJson } from '../../../core/staging';

const VALID = {
  id: 'sofa-lund-grau',
  title: 'Sofa „Lund“, 3-Sitzer, Webstoff grau',
  priceCents: 79_999,
  link: 'https://www.example-shop.de/p/sofa-lund',
  category: 'sofa',
  sizeCm: { w: 210, d: 92, h: 82 },
  colors: ['#4A4D52', '#1f1f21'],
  material: 'Webstoff grau, Metallfüße schwarz',
  styles: ['modern', 'minimal'],
  band: 'mid',
  modelUrl: '/models/furniture-3d/glam-velvet-sofa.glb',
  modelAttribution: '"Glam Velvet Sofa" by Eric Chadwick, © 2021 Wayfair LLC, CC BY 4.0',
  modelLicence: 'CC-BY-4.0',
  thumbnailUrl: 'https://cdn.example-shop.de/sofa-lund.png',
};

function problemsOf(feed: unknown): string[] {
  try {
    parseFeed(feed);
  } catch (error) {
    if (error instanceof FeedError) return error.problems;
    throw error;
  }
  throw new Error('parseFeed accepted the feed');
}

describe('#parseFeed', () => {
  it('turns a valid entry into a catalogue item', () => {
    const [item] = parseFeed({ products: [VALID] });
    expect(item).toEqual({
      id: 'sofa-lund-grau',
      category: 'sofa',
      title: 'Sofa „Lund“, 3-Sitzer, Webstoff grau',
      styles: ['modern', 'minimal'],
      band: 'mid',
      sizeCm: { w: 210, d: 92, h: 82 },
      priceCents: 79_999,
      priceIsEstimate: true,
      link: 'https://www.example-shop.de/p/sofa-lund',
      colors: ['#4a4d52', '#1f1f21'],
      material: 'Webstoff grau, Metallfüße schwarz',
      model: {
        url: '/models/furniture-3d/glam-velvet-sofa.glb',
        attribution: '"Glam Velvet Sofa" by Eric Chadwick, © 2021 Wayfair LLC, CC BY 4.0',
        licence: 'CC-BY-4.0',
      },
      thumbnailUrl: 'https://cdn.example-shop.de/sofa-lund.png',
    });
  });

  it('fills the optional fields: band mid, no model, no thumbnail', () => {
    const {
      band: _b,
      modelUrl: _m,
      modelAttribution: _a,
      modelLicence: _l,
      thumbnailUrl: _t,
      ...minimal
    } = VALID;
    const [item] = parseFeed({ products: [minimal] });
    expect(item).toMatchObject({ band: 'mid', model: null, thumbnailUrl: null });
  });

  it('feeds a ProductSource like the shipped catalogue', async () => {
    const items = parseFeed({
      products: [VALID, { ...VALID, id: 'sofa-2', band: 'budget', priceCents: 29_999 }],
    });
    const [sofa] = await catalogSource(items).recommend(
      [{ category: 'sofa', priority: 'essential', quantity: 1 }],
      { style: 'modern' },
    );
    expect(sofa.items.map((item) => item.id)).toEqual(['sofa-lund-grau', 'sofa-2']);
    expect((await catalogSource(items).byIds(['sofa-2', 'x'])).map((item) => item.id)).toEqual(['sofa-2']);
  });

  it.each([
    ['id', { id: 'sofa lund/1' }, /id must be 1 to 80 letters/],
    ['title', { title: '  ' }, /title must not be empty/],
    ['priceCents (negative)', { priceCents: -1 }, /priceCents must not be negative/],
    ['priceCents (euros)', { priceCents: 799.99 }, /priceCents must be whole euro cents/],
    ['priceCents (text)', { priceCents: '799' }, /priceCents must be a number of euro cents/],
    ['link', { link: 'ftp://shop.example/sofa' }, /link must be an http\(s\) shop URL/],
    ['category', { category: 'throne' }, /category must be one of sofa, armchair/],
    ['sizeCm', { sizeCm: { w: 210, d: 0, h: 82 } }, /sizeCm\.d must be more than 0 cm/],
    ['sizeCm (missing)', { sizeCm: undefined }, /sizeCm must be \{ w, d, h \} in cm/],
    ['colors', { colors: ['grau'] }, /colors\[0\] must be a hex colour/],
    ['colors (empty)', { colors: [] }, /colors must name at least one colour/],
    ['material', { material: '' }, /material must not be empty/],
    ['styles', { styles: ['barock'] }, /styles\[0\] must be one of modern, classic, minimal, cozy/],
    ['styles (repeated)', { styles: ['modern', 'modern'] }, /styles must not repeat a style/],
    ['band', { band: 'luxury' }, /band must be one of budget, mid, premium/],
    ['modelUrl', { modelUrl: '/models/sofa.obj' }, /modelUrl must point to a \.glb or \.gltf file/],
    [
      'modelUrl (http)',
      { modelUrl: 'http://cdn.example/sofa.glb' },
      /modelUrl must be a path .* or an https:\/\/ URL/,
    ],
    ['thumbnailUrl', { thumbnailUrl: '//evil.example/x.png' }, /thumbnailUrl must be a path/],
    ['a credit without a model', { modelUrl: undefined }, /modelAttribution is only allowed with a modelUrl/],
    ['an unknown field', { prize: 5 }, /prize is not a field of the format/],
  ])('names the bad field: %s', (_name, change, message) => {
    const problems = problemsOf({ products: [VALID, { ...VALID, id: 'second', ...change }] });
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^product 2( \(id "[^"]*"\))?: /);
    expect(problems.join('\n')).toMatch(message);
  });

  it('names the entry by its id when it has one', () => {
    expect(problemsOf({ products: [{ ...VALID, priceCents: -5 }] })).toEqual([
      'product 1 (id "sofa-lund-grau"): priceCents must not be negative',
    ]);
  });

  it('refuses repeated ids', () => {
    expect(problemsOf({ products: [VALID, VALID] })).toEqual([
      'product 2 (id "sofa-lund-grau"): id repeats product 1',
    ]);
  });

  it.each([
    ['a list', [VALID], /JSON object \{ "products"/],
    ['no products', { products: [] }, /at least one product/],
    ['an extra top-level field', { products: [VALID], version: 2 }, /unknown top-level field "version"/],
  ])('refuses %s', (_name, feed, message) => {
    expect(problemsOf(feed).join('\n')).toMatch(message);
  });

  it('reports at most 20 problems and how many more there are', () => {
    const bad = Array.from({ length: 30 }, (_, i) => ({ ...VALID, id: `p${i}`, priceCents: -1 }));
    const problems = problemsOf({ products: bad });
    expect(problems).toHaveLength(21);
    expect(problems[20]).toBe('… and 10 more');
  });
});

describe('#parseFeedJson', () => {
  it('says so when the text is not JSON', () => {
    expect(() => parseFeedJson('{ "products": [ }')).toThrow(/not valid JSON/);
  });

  it('parses a file text', () => {
    expect(parseFeedJson(JSON.stringify({ products: [VALID] }))).toHaveLength(1);
  });
});
