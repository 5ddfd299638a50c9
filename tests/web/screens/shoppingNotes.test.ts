// The notes under a furnishing list, worded on the web from the list's links: the affiliate disclaimer as the
// links really are (all, some or none tagged) and the estimated prices.
import { describe, expect, it } from 'vitest';
import { buildShoppingList, catalogItemById, type CatalogItem } from '../../../core/staging';
import { t } from '../../../web/i18n/de';
import { shoppingListNote } from '../../../web/screens/final/shoppingNotes';

function item(id: string): CatalogItem {
  const found = catalogItemById(id);
  if (!found) throw new Error(`no ${id}`);
  return found;
}

const noteOf = (lines: { item: CatalogItem; quantity: number }[], tag?: string | null) =>
  shoppingListNote(buildShoppingList(lines, tag).items.map((line) => line.link));

describe('#shoppingListNote', () => {
  it('says the links are affiliate links when they are, and that the prices are estimates', () => {
    const note = noteOf([{ item: item('rug-cozy-mid'), quantity: 1 }], 'raumglanz-21');
    expect(note).toBe(`${t('final.affiliateTagged')} ${t('final.priceEstimate')}`);
    expect(note).toContain('Affiliate');
    expect(note).toMatch(/Beispielprodukte, Preise geschätzt/);
  });

  it('says the links are none without a tag', () => {
    for (const tag of [undefined, null, '', '   ']) {
      const note = noteOf([{ item: item('rug-cozy-mid'), quantity: 1 }], tag);
      expect(note.startsWith(t('final.affiliateUntagged'))).toBe(true);
      expect(note).not.toMatch(/Amazon-Partner/);
    }
  });

  it('says only what the links are: a feed link to another shop stays untagged', () => {
    const otto = { ...item('sofa-modern-mid'), link: 'https://www.otto.de/p/sofa-123/' };
    expect(
      noteOf([{ item: otto, quantity: 1 }], 'raumglanz-21').startsWith(t('final.affiliateUntagged')),
    ).toBe(true);
    const mixed = noteOf(
      [
        { item: otto, quantity: 1 },
        { item: item('rug-cozy-mid'), quantity: 1 },
      ],
      'raumglanz-21',
    );
    expect(mixed.startsWith(t('final.affiliatePartlyTagged'))).toBe(true);
    // A feed link the operator tagged himself is an affiliate link even when the server has no tag.
    const tagged = { ...otto, link: 'https://www.amazon.de/dp/B0001?tag=op-21' };
    expect(noteOf([{ item: tagged, quantity: 1 }]).startsWith(t('final.affiliateTagged'))).toBe(true);
  });

  it('words the virtual furnishing beside the list (final.virtuallyFurnished)', () => {
    expect(t('final.virtuallyFurnished')).toMatch(/virtuell eingerichtet/);
  });
});
