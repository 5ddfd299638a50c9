// The openai staging renderer: one image edit that places the chosen products in the photo, with the products'
// own pictures sent after the photo as reference images (images.edit takes several), and a prompt that lists
// each piece with size and material and keeps walls, windows, floor and camera as they are.
import OpenAI, { toFile } from 'openai';
import { categoryById } from '../../../core/staging';
import type { RoomType } from '../../../core/catalog';
import { AiError } from '../errors';
import { EDIT_MAX_SIDE, toAiError } from '../openai';
import { imagePool } from '../../pool/imagePool';
import type { StagingLine, StagingRenderer } from './types';

export interface OpenAiStagingOptions {
  apiKey: string;
  baseURL?: string;
  imageModel: string;
  timeoutMs: number;
  maxRetries: number;
}

/** gpt-image-1 takes up to 16 input images: the photo and at most 15 products. */
export const MAX_REFERENCE_PRODUCTS = 15;

const ROOM_WORDS: Record<RoomType, string> = {
  kitchen: 'kitchen',
  bedroom: 'bedroom',
  bathroom: 'bathroom',
  livingRoom: 'living room',
  exterior: 'terrace or garden',
  general: 'room',
};

export function stagingPrompt(lines: readonly StagingLine[], roomType: RoomType, style: string): string {
  const list = lines
    .map(({ item, quantity }, i) => {
      const { w, d, h } = item.dimensions;
      const what = categoryById(item.category).item;
      const count = quantity > 1 ? `${quantity} x ` : '';
      return `${i + 1}. ${count}${what} (reference image ${i + 2}): ${w} x ${d} x ${h} cm (W x D x H), ${item.material}`;
    })
    .join('\n');
  return (
    `Virtually furnish this photo of a vacation-rental ${ROOM_WORDS[roomType]} in a ${style} style. ` +
    'The first image is the room; the following images show the products to place, in this order:\n' +
    `${list}\n` +
    'Place exactly these pieces, looking like the reference images, at a realistic scale on the floor (wall ' +
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
      const shown = lines.slice(0, MAX_REFERENCE_PRODUCTS);
      try {
        const photo = await toFile(await image.jpeg(EDIT_MAX_SIDE), 'room.jpg', { type: 'image/jpeg' });
        // The products' pictures are rasterised in the image pool, off the event loop.
        const pictures = await imagePool.run('productPngs', { items: shown.map(({ item }) => item) });
        const references = await Promise.all(
          shown.map(({ item }, i) => toFile(pictures[i]!, `${item.id}.png`, { type: 'image/png' })),
        );
        const response = await client.images.edit(
          {
            model: options.imageModel,
            image: [photo, ...references],
            prompt: stagingPrompt(shown, roomType, style),
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
