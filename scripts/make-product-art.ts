// Writes the staging catalogue's pictures to public/products: the SVG from core/staging/art and a PNG rasterized
// by sharp at PRODUCT_PNG_PX_PER_CM, both with a transparent background and the floor line at the bottom edge.
// Run after changing the catalogue or the drawings: node --import tsx scripts/make-product-art.ts [--sheet out.png]
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { productSvg } from '../core/staging/art';
import { CATALOG, PRODUCT_PNG_PX_PER_CM } from '../core/staging/catalog';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'products');

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const wanted = new Set(CATALOG.flatMap((item) => [`${item.id}.svg`, `${item.id}.png`]));
  // Pictures of items no longer in the catalogue would be shipped for nothing.
  for (const name of await readdir(outDir)) if (!wanted.has(name)) await rm(path.join(outDir, name));
  const started = performance.now();
  for (const item of CATALOG) {
    const svg = productSvg(item, PRODUCT_PNG_PX_PER_CM);
    await writeFile(path.join(outDir, `${item.id}.svg`), svg);
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    await writeFile(path.join(outDir, `${item.id}.png`), png);
  }
  const sheetAt = process.argv.indexOf('--sheet');
  if (sheetAt > 0 && process.argv[sheetAt + 1]) await contactSheet(process.argv[sheetAt + 1]);
  console.log(
    JSON.stringify({
      items: CATALOG.length,
      dir: 'public/products',
      ms: Math.round(performance.now() - started),
    }),
  );
}

/** All pictures on one grey sheet, to look at the drawings at once. */
async function contactSheet(file: string): Promise<void> {
  const cell = 200;
  const cols = 16;
  const rows = Math.ceil(CATALOG.length / cols);
  const composites = await Promise.all(
    CATALOG.map(async (item, i) => ({
      input: await sharp(path.join(outDir, `${item.id}.png`))
        .resize(cell - 10, cell - 10, { fit: 'inside' })
        .toBuffer(),
      left: (i % cols) * cell + 5,
      top: Math.floor(i / cols) * cell + 5,
    })),
  );
  await sharp({ create: { width: cols * cell, height: rows * cell, channels: 4, background: '#b8b8b8' } })
    .composite(composites)
    .png()
    .toFile(file);
}

await main();
