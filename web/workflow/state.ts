// The shape of the workflow: every fact the screens render from upload to final result, as plain data.
// Blobs (photos, results) live in IndexedDB and are referenced here by id or URL only, so the whole state
// stays small, serialisable and safe to snapshot after every change.

import type { RoomAnalysis } from '../../core/analysis/room/types';
import type { RoomType } from '../../core/catalog/types';
import type { StagingStyle } from '../../core/catalog/limits';
import type { StagingProduct } from '../../core/contract/staging';
import type { LeftOutPiece, PlacedPiece } from '../../core/staging/layout';
import type { Suggestion } from '../../core/text/suggestionTypes';
import type { MessageKey, NoticeKey } from '../i18n/de';

export type ImageStatus = 'uploaded' | 'pending' | 'enhancing' | 'enhanced' | 'error';

export interface ImageItem {
  id: string;
  name: string;
  /** Bytes, as the file had them. */
  size: number;
  /** MIME type, e.g. 'image/jpeg'. */
  type: string;
  /** Width × height from the file's header, for the time estimate; absent when the header did not say. */
  pixels?: number;
  status: ImageStatus;
  /** Key of the enhanced result in the results table (web/data/db.ts): the blob is there, not a URL. */
  enhancedKey?: string;
  description?: string;
  /**
   * German message of the last failed enhancement; on an enhanced photo, the modes that did not run and why
   * (the photo kept the result of the others).
   */
  error?: string;
  /** Where an imported image came from. */
  originalUrl?: string;
}

/** The combined analysis (core/analysis/room) as kept here: each photo's room instead of its elements. */
export interface WorkflowAnalysis extends Omit<RoomAnalysis, 'visibleElements'> {
  perImage: Record<string, RoomType>;
}

export type AnalysisStatus = 'idle' | 'running' | 'done' | 'failed';

/**
 * Both selections are kept, so switching 'Einzeln' -> 'Alle gleich' gives back the uniform choice the user
 * had. `kind` says which one applies.
 */
export interface ModeSelection {
  kind: 'uniform' | 'individual';
  uniform: string[];
  perImage: Record<string, string[]>;
}

export interface Batch {
  /** Epoch ms, from the event (the machine never reads the clock). */
  startedAt: number;
  total: number;
  /** Photos with a result, `partial` of them without one of their modes (which failed alone). */
  done: number;
  partial: number;
  failed: number;
}

interface ShoppingListItem {
  name: string;
  /** Euro. */
  price: number;
  link: string;
}

export interface FinalShoppingList {
  items: ShoppingListItem[];
  totalPrice: number;
}

/** What implementing did to one photo: 'Angewendete Verbesserungen' lists `applied` under that photo. */
export interface AppliedToPhoto {
  imageId: string;
  /** Titles (and the custom text) the server really carried out in this photo. */
  applied: string[];
  /** Meant for this photo but not carried out: the server could not, or the photo failed. */
  notApplied: string[];
}

export interface FinalResult {
  /** Each photo's final result: its key in the results table (web/data/db.ts), not a URL. */
  images: { imageId: string; resultKey: string }[];
  /** Per photo, what was applied to it (empty after staging, which lists its products instead). */
  appliedSuggestions: AppliedToPhoto[];
  /** Present only when the result came from virtual staging. */
  shoppingList?: FinalShoppingList;
}

/**
 * The staging dialog's steps: style and budget, the server's product analysis, ticking products, placing them
 * on the device (room fit, layout, first render), arranging them by hand, the paid finish, done.
 */
export type StagingStep =
  'options' | 'analyzing' | 'selection' | 'placing' | 'arranging' | 'finishing' | 'complete';

export interface StagingSession {
  step: StagingStep;
  style: StagingStyle;
  /** Whole euros. */
  budget: { min: number; max: number };
  /** The room the analysis furnished, when it answered. */
  roomType?: RoomType;
  /** The analysis's products, ticked or not. */
  products: StagingProduct[];
  /** Other products of the offered categories, to swap a placed piece for. */
  alternatives: StagingProduct[];
  /** The arrangement: each unit of a ticked product that found a place, in floor metres. */
  pieces: PlacedPiece[];
  /** Ticked units the layout could not place, and why. */
  leftOut: LeftOutPiece[];
  /** The piece the host is moving (keyboard and screen readers act on it). */
  activePiece: string | null;
}

type Overlay =
  | { kind: 'insufficientCredits'; needed: number; current: number }
  | { kind: 'staging'; imageId: string; session: StagingSession }
  | { kind: 'compare'; imageId: string };

/** One line of a notice that lists files, rendered as `${name}: ${t(key, values)}`. */
export interface NoticeDetail {
  name: string;
  key: MessageKey;
  values?: Record<string, string | number>;
}

export interface NoticeContent {
  /** An i18n key of web/i18n/de.ts; the machine never holds German text. */
  key: NoticeKey;
  values?: Record<string, string | number>;
  tone: 'success' | 'error' | 'info';
  details?: NoticeDetail[];
}

/** The one toast to show. `id` grows with every notice so the host can tell a repeat from the old one. */
interface Notice extends NoticeContent {
  id: number;
}

export interface WorkflowState {
  images: ImageItem[];
  analysis: WorkflowAnalysis | null;
  analysisStatus: AnalysisStatus;
  /** Images that got their check mark in the analysis view. */
  analysedImageIds: string[];
  /** Mode selection is open (also true under the results view, which it returns to). */
  showOptions: boolean;
  modeSelection: ModeSelection;
  batch: Batch | null;
  /** The enhanced-results view is shown on top of the mode selection. */
  resultsVisible: boolean;
  suggestions: Suggestion[];
  customSuggestion: string;
  suggestionsLoading: boolean;
  implementing: boolean;
  /** While implementing: the photo being worked on (1-based) of how many get suggestions. */
  implementProgress: { current: number; total: number } | null;
  finalResult: FinalResult | null;
  overlay: Overlay | null;
  /** Local view of the balance; the server's number wins whenever it is loaded. */
  credits: number;
  notice: Notice | null;
  noticeSeq: number;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Frozen all the way down: every reset shares it, so nothing may ever write into it. */
export const initialState: WorkflowState = deepFreeze<WorkflowState>({
  images: [],
  analysis: null,
  analysisStatus: 'idle',
  analysedImageIds: [],
  showOptions: false,
  modeSelection: { kind: 'uniform', uniform: [], perImage: {} },
  batch: null,
  resultsVisible: false,
  suggestions: [],
  customSuggestion: '',
  suggestionsLoading: false,
  implementing: false,
  implementProgress: null,
  finalResult: null,
  overlay: null,
  credits: 0,
  notice: null,
  noticeSeq: 0,
});
