// The `builtin` provider: the offline default, with no API key and no network. It is honest about what it is:
// room analysis from the on-device room detector (server/ai/room) or, if that cannot load, from image
// statistics; the server modes it can approximate with classical operations (operations.ts) and a clear
// refusal for the rest; suggestions written from its measurements; and implementing the suggestions it can map
// to an operation, naming the ones that need the AI service. The removal modes (declutter.ts) detect the
// clutter and fill it in for real. Every description says it was made offline. The pixel work (decoding, the
// operations, the measurements, the detector) runs in the server's image pool (server/pool), off the event loop.
import {
  enhanceModeIds,
  NO_VISIBLE_ELEMENTS,
  ROOM_TYPE_LABELS,
  type ProviderCapabilities,
} from '../../../core/catalog';
import type { ImageRoomAnalysis } from '../../../core/analysis/room/types';
import type { ImageAnalysis } from '../../../core/contract/analyze';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import type { Logger } from '../../logger';
import type { ImagePool } from '../../pool/imagePool';
import { AiError } from '../errors';
import type {
  AiProvider,
  EnhanceInput,
  ImplementInput,
  ImplementResult,
  InputImage,
  ProviderResult,
  RgbaImage,
  SuggestInput,
} from '../types';
import { declutterModesOf, declutterRgba, poolObjectDetector, type ObjectDetector } from './declutter';
import { MODE_OPERATIONS, operationsForSuggestion, type OperationId } from './operations';
import { isCool, isDark, isYellow, looksOutdoor, type ImageStats } from './stats';
import { builtinSuggestions } from './suggestions';

/**
 * Starts the description of an implemented suggestion. An enhanced photo's description carries no such note: the
 * client shows it under the photo, and no provider name reaches the user.
 */
export const BUILTIN_NOTE = 'Offline-Näherung ohne KI (raumglanz builtin)';
export const BUILTIN_ANALYSIS_NOTE = 'Offline-Analyse ohne KI (raumglanz builtin)';

/**
 * Longest side the builtin provider edits at: past about 12 MP a photo costs more time and memory than any
 * listing needs, so larger photos come back at this size.
 */
export const BUILTIN_MAX_SIDE = 4096;
/** The room detector and the statistics look at this size (the detector's own input size). */
export const ANALYSIS_SIDE = 768;

/** One photo's room, as the room analysis answers it (without its timing). */
export type RoomDetection = Omit<ImageRoomAnalysis, 'ms'>;
/** Which room a photo shows (core's RoomDetector is the detector model this runs). */
export type RoomClassifier = (image: RgbaImage) => Promise<RoomDetection>;

export interface BuiltinProviderOptions {
  /** The process's image threads: every decode, operation, measurement and detection runs there. */
  pool: ImagePool;
  /**
   * The room detector. Default: the on-device detector of server/ai/room in the image pool (each worker loads it
   * on first use: tfjs, about half a second). null: image statistics only.
   */
  detectRoom?: RoomClassifier | null;
  /** The object detector of the removal modes. Default: the same on-device detector's boxes. */
  detectObjects?: ObjectDetector;
  logger?: Logger;
}

/** The on-device room detector, in a worker of the image pool. */
const poolRoomClassifier =
  (pool: ImagePool): RoomClassifier =>
  (image) =>
    pool.run('analyzeRoom', { image });

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AiError('aborted', 'Cancelled');
}

/** 'Helligkeit 31 %, kühles Licht' and the like: what the statistics say, in German. */
export function describeStats(stats: ImageStats): string {
  const parts = [
    `mittlere Helligkeit ${Math.round(stats.meanLuma * 100)} %${isDark(stats) ? ' (eher dunkel)' : ''}`,
  ];
  if (isCool(stats)) parts.push('kühles, bläuliches Licht');
  else if (isYellow(stats)) parts.push('Gelbstich vom Kunstlicht');
  else parts.push('neutrale Farben');
  return parts.join(', ');
}

/** The room guess from statistics alone: outdoors or not. Nothing else can be told from colours honestly. */
export function roomFromStats(stats: ImageStats): RoomDetection {
  return looksOutdoor(stats)
    ? { roomType: 'exterior', confidence: 0.6, visibleElements: { ...NO_VISIBLE_ELEMENTS } }
    : { roomType: 'general', confidence: 0.3, visibleElements: { ...NO_VISIBLE_ELEMENTS } };
}

/**
 * The server modes the builtin provider cannot do: neither a classical operation (operations.ts) nor a removal
 * (declutter.ts) carries them. A made bed, arranged cushions, a spa-clean bath or a window view need a generative
 * model.
 */
function builtinUnsupported(modeIds: readonly string[]): string[] {
  const removal = new Set<string>(declutterModesOf(modeIds));
  return modeIds.filter((id) => !(id in MODE_OPERATIONS) && !removal.has(id));
}

export class BuiltinProvider implements AiProvider {
  readonly name = 'builtin' as const;
  /** One image of a request at a time: the pool's threads are shared by every visitor, a batch takes one. */
  readonly concurrency = 1;
  /**
   * Its MODE_OPERATIONS are colour grades and local contrast, not AI: free. Removal is real work and paid. What
   * it cannot do is not offered (the staging modes open the staging flow, which it runs, so they are not among
   * them).
   */
  readonly capabilities: ProviderCapabilities = {
    approximatedModeIds: Object.keys(MODE_OPERATIONS),
    unavailableModeIds: builtinUnsupported(enhanceModeIds()),
    removalModeIds: declutterModesOf(enhanceModeIds()),
  };
  private readonly pool: ImagePool;
  private readonly detector: RoomClassifier | null;

  constructor(private readonly options: BuiltinProviderOptions) {
    this.pool = options.pool;
    this.detector = options.detectRoom === undefined ? poolRoomClassifier(options.pool) : options.detectRoom;
  }

  unsupportedModes(modeIds: readonly string[]): string[] {
    return builtinUnsupported(modeIds);
  }

  async enhance({ image, modes, signal }: EnhanceInput): Promise<ProviderResult> {
    const rgba = await image.rgba(BUILTIN_MAX_SIDE);
    throwIfAborted(signal);
    let current = rgba;
    const done: string[] = [];
    let unchangedModeIds: string[] = [];
    // Removal first: the detector looks at the photo as it was taken, and the operations then grade the filled one.
    const removalModes = declutterModesOf(modes.map((m) => m.id));
    if (removalModes.length > 0) {
      const removed = await declutterRgba(
        this.pool,
        current,
        removalModes,
        this.options.detectObjects ?? poolObjectDetector(this.pool),
      );
      throwIfAborted(signal);
      current = removed.image;
      const names = modes.filter((m) => removalModes.some((id) => id === m.id)).map((m) => m.name);
      done.push(`${names.join(', ')} – ${removed.description}`);
      if (removed.removed.length === 0) unchangedModeIds = [...removalModes];
    }
    for (const mode of modes) {
      if (removalModes.some((id) => id === mode.id)) continue;
      const operations = MODE_OPERATIONS[mode.id];
      // The service checked unsupportedModes before charging; reaching this is a bug.
      if (!operations) throw new Error(`builtin cannot do mode ${mode.id}`);
      const result = await this.pool.run('operations', { image: current, ids: operations });
      current = result.image;
      done.push(`${mode.name} (${result.labels.join(', ')})`);
      throwIfAborted(signal);
    }
    return {
      image: { kind: 'rgba', image: current },
      description: `${done.join('; ')}${done.at(-1)?.endsWith('.') ? '' : '.'}`,
      ...(unchangedModeIds.length > 0 ? { unchangedModeIds } : {}),
    };
  }

  async analyze(images: readonly InputImage[], signal: AbortSignal): Promise<ImageAnalysis[]> {
    const analyses: ImageAnalysis[] = [];
    for (const image of images) {
      throwIfAborted(signal);
      const rgba = await image.rgba(ANALYSIS_SIDE);
      const stats = await this.pool.run('imageStats', { image: rgba });
      const { detection, by } = await this.detect(rgba, stats);
      analyses.push({
        roomType: detection.roomType,
        confidence: detection.confidence,
        visibleElements: detection.visibleElements,
        description: `${BUILTIN_ANALYSIS_NOTE}: ${ROOM_TYPE_LABELS[detection.roomType]} (${by}), ${describeStats(stats)}.`,
      });
    }
    return analyses;
  }

  async suggest({ images, roomTypes, signal }: SuggestInput): Promise<Suggestion[]> {
    const sources = [];
    for (const [i, image] of images.entries()) {
      throwIfAborted(signal);
      const rgba = await image.rgba(ANALYSIS_SIDE);
      const stats = await this.pool.run('imageStats', { image: rgba });
      // The client's room types win (it analysed already); one entry means all photos.
      const known = roomTypes?.length === 1 ? roomTypes[0] : roomTypes?.[i];
      const detection = known
        ? { roomType: known, visibleElements: { ...NO_VISIBLE_ELEMENTS } }
        : (await this.detect(rgba, stats)).detection;
      sources.push({ roomType: detection.roomType, visibleElements: detection.visibleElements, stats });
    }
    return builtinSuggestions(sources);
  }

  async implement({ image, suggestions, signal }: ImplementInput): Promise<ImplementResult> {
    const operations = new Set<OperationId>();
    const applied: string[] = [];
    const appliedIndexes: number[] = [];
    const needAi: string[] = [];
    suggestions.forEach((line, index) => {
      const found = operationsForSuggestion(line);
      found.forEach((op) => operations.add(op));
      if (found.length > 0) appliedIndexes.push(index);
      (found.length > 0 ? applied : needAi).push(titleOf(line));
    });
    const rgba = await image.rgba(BUILTIN_MAX_SIDE);
    throwIfAborted(signal);
    const result = await this.pool.run('operations', { image: rgba, ids: [...operations] });
    const parts: string[] = [];
    if (applied.length > 0) parts.push(`umgesetzt: ${applied.join(', ')} (${result.labels.join(', ')})`);
    else parts.push('keiner der Vorschläge lässt sich offline umsetzen; das Foto ist unverändert');
    if (needAi.length > 0) parts.push(`braucht den KI-Dienst: ${needAi.join(', ')}`);
    return {
      image: { kind: 'rgba', image: result.image },
      description: `${BUILTIN_NOTE}: ${parts.join('; ')}.`,
      // Only what an operation carried out: a furnishing idea or any line no operation matches was not done.
      applied: appliedIndexes,
    };
  }

  /** The detector's answer, or the statistics' guess when it is switched off, cannot load or fails. */
  private async detect(
    rgba: RgbaImage,
    stats: ImageStats,
  ): Promise<{ detection: RoomDetection; by: string }> {
    if (this.detector) {
      try {
        return { detection: await this.detector(rgba), by: 'Objekterkennung auf dem Server' };
      } catch (error) {
        this.options.logger?.warn({ err: error }, 'room detector failed; using image statistics');
      }
    }
    return { detection: roomFromStats(stats), by: 'aus Bildstatistik geschätzt' };
  }
}

/** A suggestion's title: the text before its first colon, at most 80 characters. */
export function titleOf(line: string): string {
  const title = line.split(':')[0]?.trim() ?? '';
  return title.length > 80 ? `${title.slice(0, 79)}…` : title;
}
