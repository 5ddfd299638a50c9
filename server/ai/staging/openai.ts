// The openai staging renderer: one image edit that places the chosen products in the photo, with the products'
// thumbnails (those the app ships in models/furniture-3d/) sent after the photo as reference images (images.edit
// takes several), and a prompt that lists each piece with size and material and keeps walls, windows, floor and
// camera as they are. Pieces without a thumbnail are described in words only; remote thumbnails of an operator's
// feed are never fetched.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI, { toFile } from 'openai';
import { categoryById, type CatalogItem } from '../../../core/staging';
import { FURNITURE_URL_PREFIX } from '../../../core/staging/assets';
import type { RoomType } from '../../../core/catalog';
import { AiError } from '../errors';
import { EDIT_MAX_SIDE, toAiError } from '../openai';
import type { StagingLine, StagingRenderer } from './types';

export interface OpenAiStagingOptions {
  apiKey: string;
  baseURL?: string;
  imageModel: string;
  timeoutMs: number;
  maxRetries: number;
}

/** gpt-image-1 takes up to 16 input images: the photo and at most 15 products' pictures. */
const MAX_REFERENCE_PRODUCTS = 15;
/** Pieces named in one prompt (the contract allows 40 lines). */
const MAX_LINES = 40;

const ROOM_WORDS: Record<RoomType, string> = {
  kitchen: 'kitchen',
  bedroom: 'bedroom',
  bathroom: 'bathroom',
  livingRoom: 'living room',
  exterior: 'terrace or garden',
  general: 'room',
};

/** The folder the app serves at FURNITURE_URL_PREFIX. */
const MODELS_DIR = fileURLToPath(new URL('../../../models/furniture-3d/', import.meta.url));

/** The file of a thumbnail the app ships (FURNITURE_URL_PREFIX<name>.png), or null for any other picture. */
function shippedThumbnailFile(item: CatalogItem): string | null {
  const url = item.thumbnailUrl;
  if (!url?.startsWith(FURNITURE_URL_PREFIX)) return null;
  const name = url.slice(FURNITURE_URL_PREFIX.length);
  return /^[A-Za-z0-9_-]+\.png$/.test(name) ? path.join(MODELS_DIR, name) : null;
}

/**
 * The prompt: `references[i]` is the input image number (2 onwards) showing line i, or null when the piece has no
 * picture and is described in words only.
 */
export function stagingPrompt(
  lines: readonly StagingLine[],
  roomType: RoomType,
  style: string,
  references: readonly (number | null)[] = [],
): string {
  const list = lines
    .map(({ item, quantity }, i) => {
      const { w, d, h } = item.sizeCm;
      const what = categoryById(item.category).item;
      const count = quantity > 1 ? `${quantity} x ` : '';
      const reference = references[i] ? ` (reference image ${references[i]})` : '';
      const size = `${Math.round(w)} x ${Math.round(d)} x ${Math.round(h)} cm (W x D x H)`;
      return `${i + 1}. ${count}${what}${reference}: ${size}, ${item.material}, colours ${item.colors.join(', ')}`;
    })
    .join('\n');
  const pictures = references.some((n) => n !== null)
    ? 'The first image is the room; the following images show some of the products, as numbered below. '
    : '';
  return (
    `Virtually furnish this photo of a vacation-rental ${ROOM_WORDS[roomType]} in a ${style} style. ` +
    `${pictures}Place these pieces:\n` +
    `${list}\n` +
    'Place exactly these pieces, looking like their reference images where given, at a realistic scale on the floor (wall ' +
    "pieces on the walls), with natural contact shadows and the room's lighting. Do not add any other furniture. " +
    'Keep the exact architecture, walls, windows, doors, floor, ceiling and camera angle unchanged. ' +
    'Photo-realistic; no added text, logos or watermarks.'
  );
}

export function openAiStagingRenderer(options: OpenAiStagingOptions): StagingRenderer {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });
  return {
    name: 'openai',
    async render({ image, lines, roomType, style, signal }) {
      const shown = lines.slice(0, MAX_LINES);
      try {
        const photo = await toFile(await image.jpeg(EDIT_MAX_SIDE), 'room.jpg', { type: 'image/jpeg' });
        // The shipped thumbnails of the pieces that have one, at most MAX_REFERENCE_PRODUCTS.
        const files: Awaited<ReturnType<typeof toFile>>[] = [];
        const references: (number | null)[] = [];
        for (const { item } of shown) {
          const file = files.length < MAX_REFERENCE_PRODUCTS ? shippedThumbnailFile(item) : null;
          const bytes = file ? await readFile(file).catch(() => null) : null;
          if (!bytes) {
            references.push(null);
            continue;
          }
          files.push(await toFile(bytes, `${item.id}.png`, { type: 'image/png' }));
          references.push(files.length + 1);
        }
        const response = await client.images.edit(
          {
            model: options.imageModel,
            image: [photo, ...files],
            prompt: stagingPrompt(shown, roomType, style, references),
            n: 1,
          },
          { signal },
        );
        const b64 = response.data?.[0]?.b64_json;
        if (!b64) throw new AiError('upstream', 'The AI service answered without an image');
        const count = shown.reduce((sum, line) => sum + line.quantity, 0);
        return {
          image: { kind: 'encoded', bytes: Buffer.from(b64, 'base64') },
          description:
            `KI-Visualisierung mit OpenAI (${options.imageModel}): Raum virtuell mit ${count} ` +
            `${count === 1 ? 'Möbelstück' : 'Möbelstücken'} eingerichtet. Die Möbel stehen nicht wirklich im Raum.`,
        };
      } catch (error) {
        throw toAiError(error);
      }
    },
  };
}
