// The live workflow: holds the state, runs every event through the pure `transition`, lets React subscribe,
// and writes a snapshot to IndexedDB after each change so a reload or a closed tab loses nothing.

import { useRef, useSyncExternalStore } from 'react';
import { StorageFullError, listImages, loadWorkflow, saveWorkflow, type AppDb } from '../data/db';
import {
  initialState,
  toSnapshot,
  transition,
  type ImageItem,
  type NoticeContent,
  type WorkflowEvent,
  type WorkflowState,
} from './machine';

export interface WorkflowStore {
  getState(): WorkflowState;
  subscribe(listener: () => void): () => void;
  dispatch(event: WorkflowEvent): void;
  /** Reads the saved workflow and photos back; call once before the first render that matters. */
  hydrate(): Promise<void>;
}

/**
 * Makes the restored state agree with the photos actually stored: a photo whose blob is gone cannot be shown,
 * and a stored photo the snapshot missed (the tab closed between the two writes) is given back as uploaded.
 */
export function reconcileImages(
  state: WorkflowState,
  stored: readonly { id: string; name: string; size: number; type: string }[],
): WorkflowState {
  const storedIds = new Set(stored.map((s) => s.id));
  const kept = state.images.filter((image) => storedIds.has(image.id));
  const known = new Set(kept.map((image) => image.id));
  const missing: ImageItem[] = stored
    .filter((s) => !known.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, size: s.size, type: s.type, status: 'uploaded' }));
  if (missing.length === 0 && kept.length === state.images.length) return state;
  return { ...state, images: [...kept, ...missing] };
}

/** The German notice for a failed write to the device's storage; a full disk gets its own. */
export function storageFailureNotice(error: unknown): NoticeContent {
  return error instanceof StorageFullError
    ? { key: 'app.storageFull', tone: 'error' }
    : { key: 'app.storageError', values: { message: String(error) }, tone: 'error' };
}

export function createWorkflowStore(db: AppDb): WorkflowStore {
  let state: WorkflowState = initialState;
  const listeners = new Set<() => void>();
  // Saves run one at a time; changes made during a save are written right after it, so a burst of events
  // costs at most two writes and a reload never finds a snapshot older than the last finished write.
  let dirty = false;
  let saving: Promise<void> | null = null;

  const emit = () => listeners.forEach((listener) => listener());

  // A failing save is reported once, not again for the save its own notice triggers.
  let failureShown = false;
  const save = async () => {
    try {
      await saveWorkflow(db, toSnapshot(state));
      failureShown = false;
    } catch (error) {
      if (failureShown) return;
      failureShown = true;
      // Showing the failure is all we can do; the state in memory is still intact.
      store.dispatch({ type: 'noticeShown', notice: storageFailureNotice(error) });
    }
  };

  const saveLoop = async () => {
    while (dirty) {
      dirty = false;
      await save();
    }
    saving = null;
  };
  const requestSave = () => {
    dirty = true;
    saving ??= saveLoop();
  };

  const store: WorkflowStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(event) {
      const next = transition(state, event);
      if (next === state) return;
      state = next;
      emit();
      requestSave();
    },
    async hydrate() {
      const [snapshot, stored] = await Promise.all([loadWorkflow(db), listImages(db)]);
      // The validation (zod) loads only for saved work: a first visit's page does not wait for it.
      const restored = snapshot === null ? initialState : (await import('./restore')).restore(snapshot);
      state = reconcileImages(restored, stored);
      emit();
    },
  };
  return store;
}

/**
 * Subscribes a component to the part of the state it renders. The selected value is cached per state and
 * selector, so selectors may build new arrays (`s.images.filter(...)`) without making React re-render forever.
 */
export function useWorkflow<T>(store: WorkflowStore, select: (state: WorkflowState) => T): T {
  const cache = useRef<{ state: WorkflowState; select: (state: WorkflowState) => T; value: T } | null>(null);
  const getSnapshot = () => {
    const state = store.getState();
    const hit = cache.current;
    if (hit && hit.state === state && hit.select === select) return hit.value;
    const value = select(state);
    cache.current = { state, select, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot);
}
