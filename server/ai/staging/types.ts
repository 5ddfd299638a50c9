// The one interface both staging renderers implement (builtin: hands back the staging the device rendered with
// three.js; openai: an image edit that places the products in the photo). The staging service prices, charges and
// builds the shopping list; a renderer only answers the furnished photo for the lines it is given.
import type { RoomType } from '../../../core/catalog';
import type { CatalogItem, ProductStyle } from '../../../core/staging';
import type { AiProviderName } from '../../../core/contract/enhance';
import type { InputImage, ProviderImage } from '../types';

export interface StagingLine {
  item: CatalogItem;
  quantity: number;
}

export interface StagingRenderInput {
  /** The original photo. */
  image: InputImage;
  /** The staging the device rendered (checked like an upload), when the client sent one. */
  stagedImage?: InputImage;
  lines: readonly StagingLine[];
  roomType: RoomType;
  style: ProductStyle;
  signal: AbortSignal;
}

export interface StagingRenderResult {
  image: ProviderImage;
  /** German; says how the photo was furnished and how many pieces it shows. */
  description: string;
}

export interface StagingRenderer {
  readonly name: AiProviderName;
  render(input: StagingRenderInput): Promise<StagingRenderResult>;
}
