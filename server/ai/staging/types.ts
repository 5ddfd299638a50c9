// The one interface both staging renderers implement (builtin: the product drawings composed into the photo;
// openai: an image edit with the products as reference pictures). The staging service prices, charges and builds
// the shopping list; a renderer only furnishes one photo with the lines it is given.
import type { RoomType } from '../../../core/catalog';
import type { CatalogItem, PixelBox, ProductStyle } from '../../../core/staging';
import type { AiProviderName } from '../../../core/contract/enhance';
import type { InputImage, ProviderImage } from '../types';

export interface StagingLine {
  item: CatalogItem;
  quantity: number;
}

export interface StagingRenderInput {
  image: InputImage;
  lines: readonly StagingLine[];
  roomType: RoomType;
  style: ProductStyle;
  signal: AbortSignal;
}

export interface StagingRenderResult {
  image: ProviderImage;
  /** German; says how the photo was furnished and how many pieces it shows. */
  description: string;
  /** Builtin only: every pixel it changed lies in one of these boxes (of the rgba result). */
  changedBoxes?: PixelBox[];
}

export interface StagingRenderer {
  readonly name: AiProviderName;
  render(input: StagingRenderInput): Promise<StagingRenderResult>;
}
