// What the workflow's effects need from the outside world, as narrow ports: the device database and store,
// the image engine, the room analyser, the server's AI, credits, listing import and file saving.
// web/services/services.ts adapts the real engine and API to them; tests pass fakes.

import type { RoomType } from '../../../core/catalog/types';
import type { PerImageRoom } from '../../../core/analysis/room/types';
import type {
  AnalyzeStagingResponse,
  ShoppingListSchema,
  StagingOptions,
  StagingProduct,
} from '../../../core/contract/staging';
import type { LeftOutPiece, PlacedPiece, PlacementProblem } from '../../../core/staging/layout';
import type { FloorPoint } from '../../../core/staging/room/types';
import type { CreditsResponse } from '../../../core/contract/credits';
import type { Stroke } from '../../../core/declutter/buildMask';
import type { BelowMinimum } from '../../../core/export/portalPresets';
import type { EngineStep } from '../../../core/imaging/engineSteps';
import type { Suggestion } from '../../../core/text/suggestionTypes';
import type { LoginReason } from '../../api/auth';
import type { ImportOutcome } from '../../api/listing';
import type { AppDb } from '../../data/db';
import type { WorkflowAnalysis } from '../state';
import type { WorkflowStore } from '../store';
import type { ImageFit } from './imageSizes';

/** One result to save: n (1-based) and the photo's own name make the file's name. */
export interface ResultEntry {
  blob: Blob;
  n: number;
  originalName?: string;
}

/** What a save reports back: the photos a portal preset kept below its minimum instead of enlarging them. */
export interface SaveReport {
  belowMinimum: BelowMinimum | null;
}

export interface ActionDeps {
  db: AppDb;
  store: WorkflowStore;
  engine: {
    runDeviceModes(
      signal: AbortSignal,
      /** strength: 'Stärke' of 'Automatisch optimieren', 0..1 (default 1). */
      image: { imageId: string; blob: Blob; modeIds: string[]; strength?: number },
    ): Promise<{ blob: Blob; notes: EngineStep[][] }>;
  };
  rooms: {
    /** On the device (the room detector in a worker). */
    analyze(signal: AbortSignal, blob: Blob): Promise<PerImageRoom>;
    /** The server's room analysis, for a device whose browser cannot run the detector. */
    analyzeOnServer(signal: AbortSignal, input: { image: Blob; fit: ImageFit }): Promise<PerImageRoom>;
    /** Mixed rooms and recommended modes from the per-photo results. */
    combine(perImage: PerImageRoom[]): Omit<WorkflowAnalysis, 'perImage'>;
  };
  ai: {
    runServerModes(
      signal: AbortSignal,
      input: {
        image: Blob;
        fit: ImageFit;
        modeIds: string[];
        roomType: RoomType | undefined;
        idempotencyKey: string;
      },
    ): Promise<{ blob: Blob; description: string }>;
    generateSuggestions(
      signal: AbortSignal,
      input: { images: Blob[]; fit: ImageFit; roomTypes: RoomType[] },
    ): Promise<Suggestion[]>;
    /**
     * One photo with its lines: the final photo and the indexes of the lines really carried out in it (null
     * when the answer does not say). Throws the photo's failure when it failed.
     */
    implementSuggestions(
      signal: AbortSignal,
      input: { image: Blob; fit: ImageFit; suggestions: string[]; idempotencyKey: string },
    ): Promise<{ blob: Blob; applied: readonly number[] | null }>;
  };
  /** POST /api/virtual-staging: the staging dialog's two calls. */
  staging: {
    /** 'analyze': the recommended products for the photo. */
    analyze(
      signal: AbortSignal,
      input: { image: Blob; fit: ImageFit; options: StagingOptions },
    ): Promise<AnalyzeStagingResponse>;
    /** 'apply': charges the staging the device rendered; answers it with its shopping list (euro cents). */
    apply(
      signal: AbortSignal,
      input: {
        /** The original, which only identifies the photo: it travels within `fit`. */
        image: Blob;
        fit: ImageFit;
        /** The device's render of the arrangement (JPEG), sent as it is. */
        stagedImage: Blob;
        selectedProducts: { id: string; quantity: number }[];
        options: StagingOptions;
        idempotencyKey: string;
      },
    ): Promise<{ blob: Blob; shoppingList: StagingShoppingList; description: string }>;
  };
  /** Virtual staging on the device (web/staging, loaded with the dialog): the room placed from the photo. */
  stagingDevice: {
    place(
      signal: AbortSignal,
      input: {
        image: Blob;
        /** The ticked products, to place. */
        products: StagingProduct[];
        /** Every product the host may swap to, so the scene knows their models. */
        catalogue: StagingProduct[];
      },
    ): Promise<PlacedStaging>;
  };
  /** The retouch brush: the painted strokes (fractions of the photo) filled on the device, in a worker. */
  retouch(
    signal: AbortSignal,
    input: { blob: Blob; strokes: readonly Stroke[] },
  ): Promise<{ blob: Blob; description: string }>;
  /** The photo with the 'Virtuell eingerichtet' label drawn in (a furnished result's download). */
  labelVirtual(blob: Blob): Promise<Blob>;
  /**
   * A small JPEG for grids. Decoding also proves the photo is readable: a file with a valid signature but
   * broken data fails here. Null only where the browser cannot encode one.
   */
  makePreview(blob: Blob, width: number): Promise<Blob | null>;
  /** The photo as a JPEG (kept as it is when it already is one). */
  toJpeg(blob: Blob): Promise<Blob>;
  /** The listing's photos as data URLs, or the German reason it failed. */
  scrapeListing(url: string): Promise<ImportOutcome>;
  /** The signed-in user's balance from the server (and why it started at 0), or null when it could not be read. */
  fetchCredits(signal?: AbortSignal): Promise<CreditsResponse | null>;
  files: {
    /** One result, named by its number and the photo's own name (core/text/fileNames.ts). */
    saveOne(entry: ResultEntry): Promise<SaveReport>;
    saveZip(entries: readonly ResultEntry[], zipName: string): Promise<SaveReport>;
    /** Does the chosen portal preset allow text on photos (the 'Virtuell eingerichtet' label)? */
    allowsLabel(): boolean;
  };
  /** navigator.storage.estimate(): bytes used and the quota, or null where the browser does not say. */
  storageEstimate(): Promise<{ usage: number; quota: number } | null>;
  /** Asks the service worker for a Background Sync, so a queued job is sent even after the tab closed. */
  requestSync(): void;
  isSignedIn(): boolean;
  /** The browser's view of the connection (navigator.onLine): paid modes need the server. */
  isOnline(): boolean;
  /** To /login, which tells the visitor why (a paid step needs an account). */
  goToLogin(reason: LoginReason): void;
  newKey(): string;
}

/** A room placed on the device: the layout's first arrangement, and the means to draw and render others. */
export interface PlacedStaging {
  readonly pieces: PlacedPiece[];
  readonly leftOut: LeftOutPiece[];
  /** Which way the camera looks on the floor, so the arrow keys move pieces as the photo shows them. */
  readonly cameraYawDeg: number;
  /** What is wrong with a piece where it stands now (the layout's own rules), for the hint beside it. */
  problems(pieces: readonly PlacedPiece[], key: string): PlacementProblem[];
  /** Draws arrangements live on a canvas (the arranging step). */
  mount(canvas: HTMLCanvasElement): Promise<StagingView>;
  /** The full-size photo with the arrangement, as a JPEG. */
  render(pieces: readonly PlacedPiece[]): Promise<Blob>;
  dispose(): void;
}

/** The live drawing of a placed room on a canvas; coordinates are CSS pixels within the canvas. */
export interface StagingView {
  show(pieces: readonly PlacedPiece[], active: string | null): void;
  pieceAt(x: number, y: number): string | null;
  floorAt(x: number, y: number): FloorPoint | null;
  dispose(): void;
}

/** The shopping list as the server answers it (prices in euro cents). */
export type StagingShoppingList = ShoppingListSchema;
