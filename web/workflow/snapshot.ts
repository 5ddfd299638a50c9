// The workflow as it is written to IndexedDB after every change: the state without what belongs to the moment.
// Reading it back (untrusted, validated with zod) is restore.ts, which loads only when a saved snapshot exists,
// so a first visit's landing page never loads zod.
import type { WorkflowState } from './state';

/** 2: the results' storage keys are named as keys (restore.ts reads version 1 too). */
export const SNAPSHOT_VERSION = 2;

/** Toasts and dialogs belong to the moment; they are not saved. */
export type WorkflowSnapshot = { version: typeof SNAPSHOT_VERSION } & Omit<
  WorkflowState,
  'notice' | 'noticeSeq' | 'overlay'
>;

export function toSnapshot(state: WorkflowState): WorkflowSnapshot {
  const { notice: _notice, noticeSeq: _seq, overlay: _overlay, ...rest } = state;
  return { version: SNAPSHOT_VERSION, ...rest };
}
