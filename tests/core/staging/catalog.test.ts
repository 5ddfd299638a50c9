// The shipped staging catalogue: size and spread over rooms and styles, honest prices and links, and the 3D models
// it uses: every model-backed product has exactly its model's size (manifest.json), credit line and licence, and
// its model and thumbnail exist on disk.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '../../../core/catalog/types';
import { FURNITURE_URL_PREFIX } from '../../../core/staging/assets';
import {
  CATALOG,
  CATEGORIES,
  catalogCounts,
  catalogItemById,
  catalogSource,
  PRODUCT_STYLES,
  type CategoryId,
} from '../../../core/staging';

const modelsDir = path.resolve(__dirname, '../../../models/furniture-3d');

interface ManifestEntry {
  id: string;
  file: string;
  thumbnail: string;
  size_m: { w: number; d: number; h: number };
  licence: string;
  attribution: string;
}
const MANIFEST = JSON.parse(readFileSync(path.join(modelsDir, 'manifest.json'), 'utf8')) as ManifestEntry[];

/** The served file name of a URL below FURNITURE_URL_PREFIX. */
function servedFile(url: string): string {
  expect(url.startsWith(FURNITURE_URL_PREFIX), url).toBe(true);
  return decodeURIComponent(url.slice(FURNITURE_URL_PREFIX.length));
}

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

  it('has positive sizes, colours and a German name with the product line', () => {
    for (const item of CATALOG) {
      expect(item.sizeCm.w).toBeGreaterThan(0);
      expect(item.sizeCm.d).toBeGreaterThan(0);
      expect(item.sizeCm.h).toBeGreaterThan(0);
      expect(item.title).toMatch(/„[A-Za-z ]+“/);
      expect(item.colors.length).toBeGreaterThan(0);
      expect(item.material.length).toBeGreaterThan(0);
    }
  });
});

describe('the shipped models', () => {
  const MODEL_OF: Partial<Record<CategoryId, string>> = {
    armchair: 'sheen-chair',
    diningTable: 'wooden-table-02',
    shelf: 'wooden-bookshelf-worn',
    sideboard: 'painted-wooden-cabinet',
    floorLamp: 'lights-punctual-lamp',
    tableLamp: 'iridescence-lamp',
    vase: 'glass-vase-flowers',
    barStool: 'painted-wooden-stool',
  };

  it('gives each model-backed category its model (the carved sofa for classic), the rest none', () => {
    for (const item of CATALOG) {
      const expected =
        item.category === 'sofa'
          ? item.styles[0] === 'classic'
            ? 'sofa-03'
            : 'glam-velvet-sofa'
          : MODEL_OF[item.category];
      if (!expected) {
        expect(item.model, item.id).toBeNull();
        expect(item.thumbnailUrl, item.id).toBeNull();
        continue;
      }
      expect(servedFile(item.model!.url), item.id).toBe(`${expected}.glb`);
      expect(servedFile(item.thumbnailUrl!), item.id).toBe(`${expected}.png`);
    }
  });

  it("gives every model-backed product exactly its model's size, credit line and licence", () => {
    const backed = CATALOG.filter((item) => item.model !== null);
    expect(backed.length).toBeGreaterThanOrEqual(40);
    for (const item of backed) {
      const entry = MANIFEST.find((m) => m.file === servedFile(item.model!.url));
      expect(entry, item.id).toBeDefined();
      expect(item.sizeCm.w).toBeCloseTo(entry!.size_m.w * 100, 9);
      expect(item.sizeCm.d).toBeCloseTo(entry!.size_m.d * 100, 9);
      expect(item.sizeCm.h).toBeCloseTo(entry!.size_m.h * 100, 9);
      expect(item.model!.attribution).toBe(entry!.attribution);
      expect(item.model!.licence).toBe(entry!.licence);
      expect(servedFile(item.thumbnailUrl!)).toBe(entry!.thumbnail);
    }
  });

  it('finds every model and thumbnail on disk', () => {
    for (const item of CATALOG.filter((i) => i.model !== null)) {
      expect(existsSync(path.join(modelsDir, servedFile(item.model!.url))), item.model!.url).toBe(true);
      expect(existsSync(path.join(modelsDir, servedFile(item.thumbnailUrl!))), item.thumbnailUrl!).toBe(true);
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
