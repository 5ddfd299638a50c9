// The one interface every AI provider implements (openai, builtin), and the shapes that cross it. Services call
// providers only through this; providers never see HTTP, credits or the database. Images cross as an InputImage
// whose pixels or JPEG a provider asks for, so the provider that needs pixels (builtin) decodes and the one that
// uploads (openai) gets a small JPEG without EXIF, and neither knows how the bytes arrived.
import type { Mode, ProviderCapabilities, RoomType } from '../../core/catalog';
import type { RgbaImage } from '../../core/imaging/types';
import type { AiProviderName } from '../../core/contract/enhance';
import type { ImageAnalysis } from '../../core/contract/analyze';
import type { Suggestion } from '../../core/text/suggestionTypes';

/** A plain RGBA frame, as core/imaging's kernels take and return it. */
export type { RgbaImage };

/** One checked input photo (accepted type, within the byte and pixel limits). */
export interface InputImage {
  /** Stored width and height, before EXIF orientation. */
  width: number;
  height: number;
  /** Its pixels, EXIF orientation applied, scaled down to fit `maxSide` when given. */
  rgba(maxSide?: number): Promise<RgbaImage>;
  /** A JPEG without metadata (no EXIF/GPS), orientation applied, scaled down to fit `maxSide` when given. */
  jpeg(maxSide?: number): Promise<Buffer>;
}

/** A provider's picture: raw pixels (builtin) or encoded bytes (openai); the service encodes both as JPEG. */
export type ProviderImage = { kind: 'rgba'; image: RgbaImage } | { kind: 'encoded'; bytes: Buffer };

export interface ProviderResult {
  image: ProviderImage;
  /** German; says which provider made the result and what it did. */
  description: string;
  /** Modes that found nothing to do on this photo (a removal with nothing to remove): not charged. */
  unchangedModeIds?: readonly string[];
}

export interface EnhanceInput {
  image: InputImage;
  /** The server modes to apply, in catalogue order; never empty, never a mode the provider cannot do. */
  modes: readonly Mode[];
  roomType?: RoomType | 'mixed';
  signal: AbortSignal;
}

export interface SuggestInput {
  images: readonly InputImage[];
  /** Room type per image when the client knows it (one entry means: all images). */
  roomTypes?: readonly RoomType[];
  signal: AbortSignal;
}

export interface ImplementInput {
  image: InputImage;
  /** The suggestion lines meant for this image, without any 'Bild n:' prefix. */
  suggestions: readonly string[];
  signal: AbortSignal;
}

export interface ImplementResult extends ProviderResult {
  /** Indexes into `suggestions` of the lines really carried out in the photo (the client lists only those). */
  applied: readonly number[];
}

export interface AiProvider {
  readonly name: AiProviderName;
  /** How many images of one request it works on at the same time. */
  readonly concurrency: number;
  /**
   * Which of its server modes are classical approximations, not AI work (those cost 0 credits, core/catalog),
   * and which of the modes its `enhance` is offered (core/catalog `enhanceModeIds`) it cannot do at all: the
   * same modes `unsupportedModes` refuses, so what the app offers and what the server takes agree.
   */
  readonly capabilities: ProviderCapabilities;
  /** Of these mode ids, the ones this provider cannot do; checked before anything is charged. */
  unsupportedModes(modeIds: readonly string[]): string[];
  enhance(input: EnhanceInput): Promise<ProviderResult>;
  /** One analysis per image, in order. */
  analyze(images: readonly InputImage[], signal: AbortSignal): Promise<ImageAnalysis[]>;
  /** Design ideas for the photos; `imageNumber` (1-based) ties one to a photo. */
  suggest(input: SuggestInput): Promise<Suggestion[]>;
  implement(input: ImplementInput): Promise<ImplementResult>;
}
