// The `openai` provider: the official client with a timeout and retries on every call, and the caller's
// AbortSignal passed through so a closed tab stops the upstream request. Image edits (`images.edit`) for modes
// and for implementing suggestions; a vision chat model with structured output (zod) for room analysis and
// suggestions, written in German. Photos are sent as small JPEGs without EXIF (no GPS leaves the server).
import OpenAI, { toFile } from 'openai';
import { ContentFilterFinishReasonError } from 'openai/core/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import {
  REAL_AI_CAPABILITIES,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  type Mode,
  type RoomType,
} from '../../core/catalog';
import { VisibleElementsSchema, type ImageAnalysis } from '../../core/contract/analyze';
import { isOutdoor } from '../../core/text/suggestionFit';
import type { Suggestion } from '../../core/text/suggestionTypes';
import { AiError } from './errors';
import type {
  AiProvider,
  EnhanceInput,
  ImplementInput,
  ImplementResult,
  InputImage,
  ProviderResult,
  SuggestInput,
} from './types';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** e.g. http://127.0.0.1:4010/v1 for a local fake; the official API when unset. */
  baseURL?: string;
  imageModel: string;
  chatModel: string;
  /** Per attempt, in milliseconds. */
  timeoutMs: number;
  maxRetries: number;
}

/** Longest side of the photo sent for editing: the image models work at about 1536 px, more is only upload time. */
export const EDIT_MAX_SIDE = 1536;
/** Longest side of the photos the chat model looks at ('low' detail reads 512 px anyway). */
export const CHAT_MAX_SIDE = 768;
/** Parallel upstream calls per request: image edits take long, and the account's rate limit is shared. */
const CONCURRENCY = 3;

const ROOM_WORDS: Record<RoomType | 'mixed', string> = {
  kitchen: 'kitchen',
  bedroom: 'bedroom',
  bathroom: 'bathroom',
  livingRoom: 'living room',
  exterior: 'house exterior',
  general: 'room',
  mixed: 'room',
};

/** Every mode prompt ends with the same 'keep the room' sentences; each sentence is said once. */
export function editPrompt(tasks: readonly string[], roomType: RoomType | 'mixed' | undefined): string {
  const sentences = [...new Set(tasks.flatMap((task) => task.split(/(?<=\.)\s+/)))];
  const room = ROOM_WORDS[roomType ?? 'general'];
  return `Edit this photo of a vacation-rental ${room}. ${sentences.join(' ')}`;
}

const KEEP_ROOM =
  'Keep the exact architecture, room layout, walls, windows, doors, floor and camera angle unchanged. ' +
  'Photo-realistic result suitable for a vacation-rental listing; no added text, logos or watermarks.';

export function implementPrompt(suggestions: readonly string[]): string {
  const list = suggestions.map((s, i) => `${i + 1}. ${s}`).join('\n');
  return (
    'Apply the following improvements (written in German) to this vacation-rental photo, ' +
    `as subtle, believable photo edits:\n${list}\n${KEEP_ROOM}`
  );
}

// Structured output schemas. Strict JSON schema has no optional fields, so "none" is null or an empty string.
export const AnalysisOut = z.object({
  images: z.array(
    z.object({
      imageNumber: z.number().int(),
      roomType: z.enum(ROOM_TYPES),
      confidence: z.number(),
      visibleElements: VisibleElementsSchema,
      description: z.string(),
    }),
  ),
});

export const SuggestionsOut = z.object({
  suggestions: z.array(
    z.object({
      imageNumber: z.number().int().nullable(),
      title: z.string(),
      description: z.string(),
      hauptartikel: z.string(),
    }),
  ),
});

const ANALYSIS_INSTRUCTIONS =
  'You analyse photos of vacation rentals for a photo-enhancement tool. For every photo, in the order given ' +
  '(imageNumber 1, 2, ...), return: roomType (kitchen, bedroom, bathroom, livingRoom, exterior for outside ' +
  'views of the building or garden, general for anything else), confidence from 0 to 1, which of these are ' +
  'visible (pillows, a bed, a TV, kitchen appliances, countertops, toiletries, clutter such as loose personal ' +
  'items), and a description: one or two sentences in German (du-form) saying what the photo shows and what ' +
  'would make it more inviting.';

const SUGGESTION_INSTRUCTIONS =
  'Du bist Innenarchitekt:in und Fotograf:in für Ferienwohnungs-Inserate. Schlage für die Fotos 3 bis 6 ' +
  'konkrete Verbesserungen vor, auf Deutsch in der du-Form: Licht, Farben, Ordnung, Dekoration und Einrichtung. ' +
  'Jede Verbesserung hat einen kurzen Titel, eine Beschreibung in ein bis zwei Sätzen, bei Einrichtungsideen ' +
  'im Feld hauptartikel Suchbegriffe für einen Online-Shop (durch Kommas getrennt, sonst leer), und ' +
  'imageNumber: die Nummer des Fotos (1, 2, ...), für das sie gilt, oder null, wenn sie für alle gilt. ' +
  'Schlage nur vor, was zum Foto passt: für eine Außenansicht nur Ideen für draußen (Fassade, Eingang, Garten), ' +
  'nie solche für Innenräume; keine Pflanzen in dunklen oder fensterlosen Räumen wie Abstellkammern.';

/**
 * The suggestions' hint: each photo's room from the client's analysis, and whether it is inside or out
 * (core/text/suggestionFit.ts), so the model keeps room ideas off an exterior.
 */
export function suggestionHint(roomTypes: readonly RoomType[] | undefined, count: number): string {
  if (!roomTypes || roomTypes.length === 0) return '';
  const photos = Array.from({ length: count }, (_, i) => {
    const roomType = (roomTypes.length === 1 ? roomTypes[0] : roomTypes[i]) ?? 'general';
    const where = isOutdoor(roomType) ? 'außen' : 'innen';
    return `Foto ${i + 1}: ${ROOM_TYPE_LABELS[roomType]} (${where})`;
  });
  return `${photos.join('; ')}.`;
}

/** Turns the client's errors into the provider-independent AiError kinds (see errors.ts). */
export function toAiError(error: unknown): unknown {
  if (error instanceof AiError) return error;
  if (error instanceof OpenAI.APIUserAbortError) return new AiError('aborted', 'Cancelled', { cause: error });
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiError('timeout', 'The AI service did not answer in time', { cause: error });
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new AiError('busy', 'The AI service is busy (429)', { cause: error });
  }
  if (
    error instanceof OpenAI.BadRequestError &&
    /moderation|content_policy|safety/i.test(String(error.code))
  ) {
    return new AiError('refused', 'The AI service refused this image', { cause: error });
  }
  if (error instanceof ContentFilterFinishReasonError) {
    return new AiError('refused', 'The AI service refused to answer', { cause: error });
  }
  if (error instanceof z.ZodError || error instanceof SyntaxError) {
    return new AiError('upstream', 'The AI service answered in an unexpected shape', { cause: error });
  }
  if (error instanceof OpenAI.APIError || error instanceof OpenAI.OpenAIError) {
    const status = error instanceof OpenAI.APIError && error.status ? ` (${error.status})` : '';
    return new AiError('upstream', `The AI service failed${status}`, { cause: error });
  }
  return error;
}

async function asDataUrl(image: InputImage, maxSide: number): Promise<string> {
  return `data:image/jpeg;base64,${(await image.jpeg(maxSide)).toString('base64')}`;
}

export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const;
  readonly concurrency = CONCURRENCY;
  /** Every server mode goes to the image model: real AI work, charged. */
  readonly capabilities = REAL_AI_CAPABILITIES;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  /** The image model can be asked for every mode. */
  unsupportedModes(): string[] {
    return [];
  }

  async enhance({ image, modes, roomType, signal }: EnhanceInput): Promise<ProviderResult> {
    const prompt = editPrompt(
      modes.map((m: Mode) => m.prompt),
      roomType,
    );
    const bytes = await this.edit(image, prompt, signal);
    return {
      image: { kind: 'encoded', bytes },
      // The client shows it under the photo: what was done, never which provider or model did it.
      description: `${modes.map((m) => m.name).join(', ')}.`,
    };
  }

  async implement({ image, suggestions, signal }: ImplementInput): Promise<ImplementResult> {
    const bytes = await this.edit(image, implementPrompt(suggestions), signal);
    return {
      image: { kind: 'encoded', bytes },
      description:
        `KI-Bearbeitung mit OpenAI (${this.options.imageModel}): ` +
        (suggestions.length === 1 ? '1 Vorschlag umgesetzt.' : `${suggestions.length} Vorschläge umgesetzt.`),
      // The image model was asked for every line, furniture included: it places what it is told to.
      applied: suggestions.map((_, index) => index),
    };
  }

  async analyze(images: readonly InputImage[], signal: AbortSignal): Promise<ImageAnalysis[]> {
    const parsed = await this.chat(AnalysisOut, 'room_analysis', ANALYSIS_INSTRUCTIONS, images, '', signal);
    return images.map((_, i) => {
      const found = parsed.images.find((a) => a.imageNumber === i + 1) ?? parsed.images[i];
      if (!found) throw new AiError('upstream', `The AI service did not analyse image ${i + 1}`);
      return {
        roomType: found.roomType,
        confidence: Math.min(1, Math.max(0, found.confidence)),
        visibleElements: found.visibleElements,
        description: `${found.description.trim()} (Analyse: OpenAI ${this.options.chatModel})`,
      };
    });
  }

  async suggest({ images, roomTypes, signal }: SuggestInput): Promise<Suggestion[]> {
    const hint = suggestionHint(roomTypes, images.length);
    const parsed = await this.chat(
      SuggestionsOut,
      'suggestions',
      SUGGESTION_INSTRUCTIONS,
      images,
      hint,
      signal,
    );
    return parsed.suggestions
      .filter((s) => s.title.trim().length > 0)
      .map((s, i) => {
        const suggestion: Suggestion = {
          id: `suggestion-${i + 1}`,
          title: s.title,
          description: s.description,
          hauptartikelContent: s.hauptartikel,
          selected: false,
        };
        if (s.imageNumber !== null && s.imageNumber >= 1 && s.imageNumber <= images.length) {
          suggestion.imageNumber = s.imageNumber;
        }
        return suggestion;
      });
  }

  private async edit(image: InputImage, prompt: string, signal: AbortSignal): Promise<Buffer> {
    try {
      const file = await toFile(await image.jpeg(EDIT_MAX_SIDE), 'photo.jpg', { type: 'image/jpeg' });
      const response = await this.client.images.edit(
        { model: this.options.imageModel, image: file, prompt, n: 1 },
        { signal },
      );
      const b64 = response.data?.[0]?.b64_json;
      if (!b64) throw new AiError('upstream', 'The AI service answered without an image');
      return Buffer.from(b64, 'base64');
    } catch (error) {
      throw toAiError(error);
    }
  }

  private async chat<T extends z.ZodType>(
    schema: T,
    name: string,
    instructions: string,
    images: readonly InputImage[],
    hint: string,
    signal: AbortSignal,
  ): Promise<z.infer<T>> {
    try {
      const urls = await Promise.all(images.map((image) => asDataUrl(image, CHAT_MAX_SIDE)));
      const completion = await this.client.chat.completions.parse(
        {
          model: this.options.chatModel,
          messages: [
            { role: 'system', content: instructions },
            {
              role: 'user',
              content: [
                { type: 'text', text: `${images.length} Foto(s). ${hint}`.trim() },
                ...urls.map((url) => ({
                  type: 'image_url' as const,
                  image_url: { url, detail: 'low' as const },
                })),
              ],
            },
          ],
          response_format: zodResponseFormat(schema, name),
        },
        { signal },
      );
      const message = completion.choices[0]?.message;
      if (message?.refusal) throw new AiError('refused', 'The AI service refused to answer');
      if (!message?.parsed) throw new AiError('upstream', 'The AI service answered without content');
      return message.parsed as z.infer<T>;
    } catch (error) {
      throw toAiError(error);
    }
  }
}
