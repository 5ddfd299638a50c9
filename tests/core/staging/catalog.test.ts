// The shipped staging catalogue: size and spread over rooms and styles, honest prices and links, and pictures on
// disk whose bottom edge is the floor line.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '../../../core/catalog/types';
import {
  CATALOG,
  CATEGORIES,
  catalogCounts,
  catalogItemById,
  catalogSource,
  pictureFrame,
  PRODUCT_PNG_PX_PER_CM,
  PRODUCT_STYLES,
  productSvg,
} from '../../../core/staging';

const publicDir = path.resolve(__dirname, '../../../public');

describe('#CATALOG', () => {
  it('holds at least 150 items with unique ids, every room type and every style', () => {
    const counts = catalogCounts();
    expect(counts.total).toBeGreaterThanOrEqual(150);
    expect(new Set(CATALOG.map((item) => item.id)).size).toBe(CATALOG.length);
    for (const room of ROOM_TYPES) expect(counts.byRoom[room], room).toBeGreaterThanOrEqual(20);
    for (const style of PRODUCT_STYLES) expect(counts.byStyle[style], style).toBeGreaterThanOrEqual(40);
  });

  it('gives every room type at least one essential category', () => {
    for (const room of ROOM_TYPES) {
      expect(
        CATEGORIES.some((c) => c.rooms[room] === 'essential'),
        room,
      ).toBe(true);
    }
  });

  it('prices every item as an estimate in whole cents ending in ,99, the budget line cheaper than mid', () => {
    for (const item of CATALOG) {
      expect(Number.isInteger(item.priceCents)).toBe(true);
      expect(item.priceCents % 100).toBe(99);
      expect(item.priceIsEstimate).toBe(true);
      if (item.band === 'budget') {
        const mid = catalogItemById(item.id.replace(/-budget$/, '-mid'));
        expect(mid && mid.priceCents > item.priceCents, item.id).toBe(true);
      }
    }
  });

  it('links every item to an https shop search naming the item', () => {
    for (const item of CATALOG) {
      const url = new URL(item.link);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).toBe('www.amazon.de');
      const category = CATEGORIES.find((c) => c.id === item.category);
      expect(url.searchParams.get('k')).toContain(category?.germanName);
      expect(url.searchParams.has('tag')).toBe(false);
    }
  });

  it('has positive dimensions and a German name with the product line', () => {
    for (const item of CATALOG) {
      expect(item.dimensions.w).toBeGreaterThan(0);
      expect(item.dimensions.d).toBeGreaterThan(0);
      expect(item.dimensions.h).toBeGreaterThan(0);
      expect(item.name).toMatch(/„[A-Za-z ]+“/);
    }
  });
});

describe('#catalogSource', () => {
  it('finds products by id in the order asked and drops unknown ids', async () => {
    const found = await catalogSource().byIds(['rug-cozy-mid', 'nope', 'sofa-modern-budget']);
    expect(found.map((item) => item.id)).toEqual(['rug-cozy-mid', 'sofa-modern-budget']);
  });

  it('recommends candidates in the style first, mid before budget', async () => {
    const [sofa] = await catalogSource().recommend(
      [{ category: 'sofa', priority: 'essential', quantity: 1 }],
      {
        style: 'classic',
      },
    );
    expect(sofa.items.map((item) => item.id).slice(0, 2)).toEqual([
      'sofa-classic-mid',
      'sofa-classic-budget',
    ]);
    expect(sofa.items.every((item) => item.styles.includes('classic'))).toBe(true);
  });
});

describe('#productSvg', () => {
  it('draws every item in a centimetre viewBox with no external references', () => {
    for (const item of CATALOG) {
      const svg = productSvg(item);
      const frame = pictureFrame(item);
      expect(svg).toContain(`viewBox="0 0 ${frame.widthCm} ${frame.heightCm}"`);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=/);
    }
  });

  it('ships an SVG and a PNG per item in public/products', () => {
    for (const item of CATALOG) {
      expect(existsSync(path.join(publicDir, item.image.svg)), item.image.svg).toBe(true);
      expect(existsSync(path.join(publicDir, item.image.png)), item.image.png).toBe(true);
    }
  });

  it('stands floor pieces on the bottom edge of a transparent picture', async () => {
    const floorItems = CATALOG.filter(
      (item) => pictureFrame(item).placement === 'floor' && item.band === 'mid',
    );
    for (const item of floorItems) {
      const { data, info } = await sharp(path.join(publicDir, item.image.png))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(Math.round(pictureFrame(item).widthCm * PRODUCT_PNG_PX_PER_CM));
      let bottomOpaque = 0;
      for (let x = 0; x < info.width; x++)
        if (data[((info.height - 1) * info.width + x) * 4 + 3] > 128) bottomOpaque++;
      expect(bottomOpaque, `${item.id} touches the floor`).toBeGreaterThan(0);
      let transparent = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] < 10) transparent++;
      expect(
        transparent / (info.width * info.height),
        `${item.id} has a transparent background`,
      ).toBeGreaterThan(0.005);
    }
  });
});
