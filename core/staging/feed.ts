// The product feed: the JSON an operator hands the server with STAGING_CATALOG=<file> to replace the shipped
// example catalogue (README.md, 'Produktkatalog / STAGING_CATALOG'). `{ "products": [ … ] }`, each product:
// id, title, priceCents, link, category, sizeCm {w,d,h}, colors, material, styles, and optionally band, modelUrl
// (glTF/GLB) with modelAttribution and modelLicence, thumbnailUrl. Unknown fields are refused, so a typo is an
// error rather than a silently missing value. parseFeed names every bad entry by position and id.
import { z } from 'zod';
import { CATEGORY_IDS, PRICE_BANDS, PRODUCT_STYLES } from './types';
import type { CatalogItem } from './types';

/** More problems than this are cut off in the error: the first ones are enough to start fixing. */
const MAX_REPORTED_PROBLEMS = 20;

/** A public path served by the app ('/models/…') or an https URL. */
function isAssetUrl(text: string): boolean {
  if (/^\/(?!\/)\S*$/.test(text)) return true;
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}

const AssetUrl = z.string().max(2000).refine(isAssetUrl, {
  error: 'must be a path such as /models/furniture-3d/sofa.glb or an https:// URL',
});

const Centimetres = z
  .number({ error: 'must be a number of centimetres' })
  .positive({ error: 'must be more than 0 cm' })
  .max(1000, { error: 'must be at most 1000 cm' });

export const FeedProduct = z
  .object({
    id: z
      .string({ error: 'must be a text' })
      .regex(/^[A-Za-z0-9_-]{1,80}$/, { error: 'must be 1 to 80 letters, digits, - or _' }),
    title: z.string({ error: 'must be a text' }).trim().min(1, { error: 'must not be empty' }).max(200),
    priceCents: z
      .number({ error: 'must be a number of euro cents' })
      .int({ error: 'must be whole euro cents (12999 for 129,99 €)' })
      .nonnegative({ error: 'must not be negative' })
      .max(100_000_000),
    link: z.url({ protocol: /^https?$/, error: 'must be an http(s) shop URL' }),
    category: z.enum(CATEGORY_IDS, { error: `must be one of ${CATEGORY_IDS.join(', ')}` }),
    sizeCm: z.object(
      { w: Centimetres, d: Centimetres, h: Centimetres },
      { error: 'must be { w, d, h } in cm' },
    ),
    colors: z
      .array(z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a hex colour such as #4a4d52' }), {
        error: 'must be a list of hex colours',
      })
      .min(1, { error: 'must name at least one colour' })
      .max(8),
    material: z.string({ error: 'must be a text' }).trim().min(1, { error: 'must not be empty' }).max(200),
    styles: z
      .array(z.enum(PRODUCT_STYLES, { error: `must be one of ${PRODUCT_STYLES.join(', ')}` }), {
        error: 'must be a list of styles',
      })
      .min(1, { error: 'must name at least one style' })
      .refine((styles) => new Set(styles).size === styles.length, { error: 'must not repeat a style' }),
    band: z.enum(PRICE_BANDS, { error: `must be one of ${PRICE_BANDS.join(', ')}` }).optional(),
    modelUrl: AssetUrl.refine((url) => /\.(glb|gltf)$/i.test(url.split(/[?#]/)[0]!), {
      error: 'must point to a .glb or .gltf file',
    }).optional(),
    modelAttribution: z.string().trim().min(1).max(500).optional(),
    modelLicence: z.string().trim().min(1).max(100).optional(),
    thumbnailUrl: AssetUrl.optional(),
  })
  .strict()
  .superRefine((product, ctx) => {
    if (product.modelUrl) return;
    for (const key of ['modelAttribution', 'modelLicence'] as const) {
      if (product[key] !== undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: 'is only allowed with a modelUrl' });
    }
  });
export type FeedProduct = z.input<typeof FeedProduct>;

/** Thrown by parseFeed; `problems` has one English line per bad entry and field, ready to print. */
export class FeedError extends Error {
  constructor(
    readonly problems: string[],
    /** Where the feed came from, e.g. 'STAGING_CATALOG=/etc/raumglanz/products.json'. */
    source?: string,
  ) {
    super(
      `Invalid staging catalogue${source ? ` (${source})` : ''}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.name = 'FeedError';
  }
}

function toCatalogItem(product: z.output<typeof FeedProduct>): CatalogItem {
  const { sizeCm, modelUrl, modelAttribution, modelLicence } = product;
  return Object.freeze({
    id: product.id,
    category: product.category,
    title: product.title,
    styles: [...product.styles],
    band: product.band ?? 'mid',
    sizeCm: { w: sizeCm.w, d: sizeCm.d, h: sizeCm.h },
    priceCents: product.priceCents,
    priceIsEstimate: true,
    link: product.link,
    colors: product.colors.map((c) => c.toLowerCase()),
    material: product.material,
    model: modelUrl
      ? {
          url: modelUrl,
          ...(modelAttribution ? { attribution: modelAttribution } : {}),
          ...(modelLicence ? { licence: modelLicence } : {}),
        }
      : null,
    thumbnailUrl: product.thumbnailUrl ?? null,
  });
}

function where(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .slice(1);
}

/**
 * The catalogue items of a feed (already JSON-parsed): `{ "products": [ … ] }` with at least one product and
 * unique ids. Throws FeedError naming each bad entry ('product 3 (id "sofa-x"): priceCents must not be negative').
 */
export function parseFeed(feed: unknown): CatalogItem[] {
  if (typeof feed !== 'object' || feed === null || Array.isArray(feed) || !('products' in feed))
    throw new FeedError(['the file must be a JSON object { "products": [ … ] }']);
  const extra = Object.keys(feed).filter((key) => key !== 'products');
  if (extra.length > 0)
    throw new FeedError([`unknown top-level field ${extra.map((k) => `"${k}"`).join(', ')}`]);
  const { products } = feed;
  if (!Array.isArray(products) || products.length === 0)
    throw new FeedError(['"products" must be a list of at least one product']);

  const problems: string[] = [];
  const items: CatalogItem[] = [];
  const seen = new Map<string, number>();
  products.forEach((raw: unknown, index) => {
    const id =
      typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string'
        ? raw.id
        : undefined;
    const name = `product ${index + 1}${id !== undefined ? ` (id "${id}")` : ''}`;
    const parsed = FeedProduct.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : where(issue.path);
        const message = issue.code === 'unrecognized_keys' ? 'is not a field of the format' : issue.message;
        problems.push(`${name}: ${field ? `${field} ` : ''}${message}`);
      }
      return;
    }
    const first = seen.get(parsed.data.id);
    if (first !== undefined) {
      problems.push(`${name}: id repeats product ${first}`);
      return;
    }
    seen.set(parsed.data.id, index + 1);
    items.push(toCatalogItem(parsed.data));
  });
  if (problems.length > MAX_REPORTED_PROBLEMS) {
    const more = problems.length - MAX_REPORTED_PROBLEMS;
    problems.splice(MAX_REPORTED_PROBLEMS, more, `… and ${more} more`);
  }
  if (problems.length > 0) throw new FeedError(problems);
  return items;
}

/** parseFeed of a file's text; bad JSON is a FeedError too. */
export function parseFeedJson(text: string): CatalogItem[] {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch (error) {
    throw new FeedError([
      `the file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  return parseFeed(feed);
}
