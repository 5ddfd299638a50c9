// The product pictures as pixels and files: rasterised from the catalogue's own SVG drawing (core/staging/art.ts)
// at the resolution a photo needs, so a piece placed large in a 4000 px photo is not an upscaled 2 px/cm PNG.
// The shipped PNGs in public/products are the same drawing at PRODUCT_PNG_PX_PER_CM.
import sharp from 'sharp';
import type { RgbaImage } from '../../../core/imaging/types';
import { PRODUCT_PNG_PX_PER_CM, productSvg, type CatalogItem } from '../../../core/staging';

/** Enough for the largest piece of a 4096 px photo; more only costs memory. */
const MAX_PX_PER_CM = 12;

/**
 * Pixels per centimetre for the pictures of one photo: a piece at the front of a wide-angle listing photo is
 * about width/300 px per cm, and the renderer shrinks from there (sharper than enlarging).
 */
export function pictureResolution(photoWidth: number): number {
  return Math.min(MAX_PX_PER_CM, Math.max(PRODUCT_PNG_PX_PER_CM, Math.ceil(photoWidth / 300)));
}

export async function productRgba(item: CatalogItem, pxPerCm: number): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(productSvg(item, pxPerCm)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** The product's picture as a PNG with transparency, as shipped in public/products (reference for image models). */
export function productPng(item: CatalogItem, pxPerCm = PRODUCT_PNG_PX_PER_CM): Promise<Buffer> {
  return sharp(Buffer.from(productSvg(item, pxPerCm)))
    .png()
    .toBuffer();
}
