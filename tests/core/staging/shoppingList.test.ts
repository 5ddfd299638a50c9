// The furnishing list and the API shapes of /api/virtual-staging: exact totals in cents, counts, the affiliate
// tag on shop links only when the server has one, and the zod contract at both ends. (The notes under the list
// are worded on the web: tests/web/screens/shoppingNotes.test.ts.)
import { describe, expect, it } from 'vitest';
import {
  AnalyzeStagingResponse,
  ShoppingListSchema,
  StagingErrorBody,
  StagingProduct,
  VirtualStagingRequest,
} from '../../../core/contract/staging';
import {
  buildShoppingList,
  catalogItemById,
  catalogSource,
  isAffiliateLink,
  recommendStaging,
  shopSearchLink,
  toStagingProduct,
  withAffiliateTag,
  type CatalogItem,
} from '../../../core/staging';

function item(id: string): CatalogItem {
  const found = catalogItemById(id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

describe('#buildShoppingList', () => {
  it('sums the lines exactly in cents and shows counts', () => {
    const sofa = item('sofa-modern-mid');
    const chair = item('diningChair-modern-mid');
    const list = buildShoppingList([
      { item: sofa, quantity: 1 },
      { item: chair, quantity: 4 },
    ]);
    expect(list.items.map((line) => line.price)).toEqual([sofa.priceCents, chair.priceCents * 4]);
    expect(list.totalPrice).toBe(sofa.priceCents + 4 * chair.priceCents);
    expect(list.items[1].name).toBe(`4 × ${chair.title}`);
    expect(list.items[0].name).toBe(sofa.title);
    expect(ShoppingListSchema.parse(list)).toEqual(list);
  });

  it('stays exact where floating-point euros would drift', () => {
    // 0.1 + 0.2 style: 3 × 19,99 € + 0,01 € is 59,98 € exactly.
    const cheap = { ...item('vase-modern-mid'), priceCents: 1999 };
    const cent = { ...item('lantern-modern-mid'), priceCents: 1 };
    const list = buildShoppingList([
      { item: cheap, quantity: 3 },
      { item: cent, quantity: 1 },
    ]);
    expect(list.totalPrice).toBe(5998);
  });

  it('tags the links when an affiliate tag is given', () => {
    const list = buildShoppingList([{ item: item('rug-cozy-mid'), quantity: 1 }], 'raumglanz-21');
    const url = new URL(list.items[0].link);
    expect(url.searchParams.get('tag')).toBe('raumglanz-21');
    expect(url.searchParams.get('k')).toBe(new URL(item('rug-cozy-mid').link).searchParams.get('k'));
  });

  it('leaves links untagged without a tag', () => {
    for (const tag of [undefined, null, '', '   ']) {
      const list = buildShoppingList([{ item: item('rug-cozy-mid'), quantity: 1 }], tag);
      expect(list.items[0].link).toBe(item('rug-cozy-mid').link);
      expect(list.items.some((line) => isAffiliateLink(line.link))).toBe(false);
    }
  });

  it('tags only what it may: a feed link to another shop stays untagged', () => {
    const otto = { ...item('sofa-modern-mid'), link: 'https://www.otto.de/p/sofa-123/' };
    const none = buildShoppingList([{ item: otto, quantity: 1 }], 'raumglanz-21');
    expect(none.items[0].link).toBe(otto.link);
    const mixed = buildShoppingList(
      [
        { item: otto, quantity: 1 },
        { item: item('rug-cozy-mid'), quantity: 1 },
      ],
      'raumglanz-21',
    );
    expect(mixed.items.map((line) => isAffiliateLink(line.link))).toEqual([false, true]);
  });

  it('refuses a count that is not a positive whole number', () => {
    for (const quantity of [0, -1, 1.5]) {
      expect(() => buildShoppingList([{ item: item('rug-cozy-mid'), quantity }])).toThrow(RangeError);
    }
  });
});

describe('#withAffiliateTag', () => {
  it.each([
    ['https://www.amazon.de/s?k=Sofa', 'a-21', 'https://www.amazon.de/s?k=Sofa&tag=a-21'],
    ['https://www.amazon.de/s?k=Sofa&tag=old-21', 'new-21', 'https://www.amazon.de/s?k=Sofa&tag=new-21'],
    ['https://www.amazon.de/dp/B000', 'x&y=1', 'https://www.amazon.de/dp/B000?tag=x%26y%3D1'],
    ['https://www.otto.de/suche/sofa/', 'a-21', 'https://www.otto.de/suche/sofa/'],
    ['https://amazon.de.evil.example/s?k=x', 'a-21', 'https://amazon.de.evil.example/s?k=x'],
  ])('%s with %s', (link, tag, expected) => {
    expect(withAffiliateTag(link, tag)).toBe(expected);
  });

  it.each([
    ['https://www.amazon.de/s?k=Sofa&tag=a-21', true],
    ['https://www.amazon.de/s?k=Sofa', false],
    ['https://www.amazon.de/s?k=Sofa&tag=', false],
    ['https://www.otto.de/suche/sofa/?tag=a-21', false],
    ['not a url', false],
  ])('isAffiliateLink(%s) is %s', (link, expected) => {
    expect(isAffiliateLink(link)).toBe(expected);
  });

  it('builds search links that survive umlauts and ampersands', () => {
    const url = new URL(shopSearchLink('Kissen  grün & gelb'));
    expect(url.searchParams.get('k')).toBe('Kissen grün & gelb');
  });
});

describe('contract of POST /api/virtual-staging', () => {
  it('parses analyze and apply requests', () => {
    expect(
      VirtualStagingRequest.parse({
        action: 'analyze',
        imageBase64: IMAGE,
        options: { style: 'auto', budget: { min: 0, max: 2000 } },
      }).action,
    ).toBe('analyze');
    const apply = VirtualStagingRequest.parse({
      action: 'apply',
      imageBase64: IMAGE,
      selectedProducts: [{ id: 'sofa-modern-mid', selected: true, product: { title: 'x', price: 1 } }],
    });
    expect(apply).toEqual({
      action: 'apply',
      imageBase64: IMAGE,
      selectedProducts: [{ id: 'sofa-modern-mid' }],
    });
  });

  it.each([
    [
      'unknown style',
      { action: 'analyze', imageBase64: IMAGE, options: { style: 'loud', budget: { min: 0, max: 1 } } },
    ],
    [
      'min over max',
      { action: 'analyze', imageBase64: IMAGE, options: { style: 'cozy', budget: { min: 60, max: 50 } } },
    ],
    [
      'budget over 5000',
      { action: 'analyze', imageBase64: IMAGE, options: { style: 'cozy', budget: { min: 0, max: 5050 } } },
    ],
    [
      'remote image',
      {
        action: 'analyze',
        imageBase64: 'https://x/y.jpg',
        options: { style: 'cozy', budget: { min: 0, max: 5 } },
      },
    ],
    ['no products', { action: 'apply', imageBase64: IMAGE, selectedProducts: [] }],
    ['bad product id', { action: 'apply', imageBase64: IMAGE, selectedProducts: [{ id: '../x' }] }],
    ['unknown action', { action: 'buy', imageBase64: IMAGE }],
  ])('refuses %s', (_name, body) => {
    expect(VirtualStagingRequest.safeParse(body).success).toBe(false);
  });

  it('answers analyze with products the schema accepts, links tagged', async () => {
    const selection = await recommendStaging(catalogSource(), {
      room: 'bedroom',
      style: 'cozy',
      budget: { min: 0, max: 1200 },
    });
    const products = selection.picks.map((pick) => toStagingProduct(pick, 'tag-21'));
    const answer = AnalyzeStagingResponse.parse({
      products,
      alternatives: [],
      roomType: 'bedroom',
      style: selection.style,
      totalPrice: selection.totalCents,
    });
    expect(answer.products.length).toBe(selection.picks.length);
    expect(answer.products.filter((p) => p.selected).length).toBeGreaterThan(0);
    for (const p of answer.products) {
      expect(StagingProduct.parse(p).product.review).toBeNull();
      expect(new URL(p.product.link).searchParams.get('tag')).toBe('tag-21');
      expect(p.product.affiliate).toBe(true);
    }
    expect(answer.products[0].recommendation).toEqual({
      item: 'bed',
      germanName: 'Bett',
      priority: 'essential',
    });
  });

  it('carries the credits required on an error', () => {
    const body = StagingErrorBody.parse({
      error: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
      required: 5,
    });
    expect(body.required).toBe(5);
  });
});
