// Which stored blobs an old session leaves behind and may go, pure: the photos and results of a workflow
// not touched for longer than the retention period the user chose, and rows no workflow refers to any
// more. Never a photo a queued server job still needs. The effect is in web/workflow/actions/storage.ts.

export const RETENTION_CHOICES = [7, 30, 90, 0] as const;
/** Days a session's photos are kept after its last change; 0 keeps them until the user deletes them. */
export type RetentionDays = (typeof RETENTION_CHOICES)[number];
export const DEFAULT_RETENTION_DAYS: RetentionDays = 30;

/** Rows no workflow refers to (a crash between writes, a photo removed while saving) go after a day. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionInput {
  now: number;
  retentionDays: RetentionDays;
  /** When the current workflow was last saved; null when none is stored. */
  savedAt: number | null;
  /** Photos and results the current workflow shows. */
  referencedImageIds: ReadonlySet<string>;
  referencedResultIds: ReadonlySet<string>;
  /** Photos a queued server job (the outbox) still needs. */
  queuedImageIds: ReadonlySet<string>;
  images: readonly { id: string; addedAt: number }[];
  results: readonly { id: string; imageId: string; createdAt: number }[];
}

export interface CleanupPlan {
  /** The whole session is older than the retention period: start over. */
  expireSession: boolean;
  deleteImageIds: string[];
  deleteResultIds: string[];
}

export function planCleanup(input: RetentionInput): CleanupPlan {
  const { now, retentionDays, savedAt, queuedImageIds } = input;
  const expireSession =
    retentionDays > 0 &&
    savedAt !== null &&
    now - savedAt > retentionDays * DAY_MS &&
    queuedImageIds.size === 0;
  const isOrphanAge = (at: number) => now - at > ORPHAN_GRACE_MS;
  const deleteImageIds = input.images
    .filter((image) => !queuedImageIds.has(image.id))
    .filter((image) =>
      expireSession ? true : !input.referencedImageIds.has(image.id) && isOrphanAge(image.addedAt),
    )
    .map((image) => image.id);
  const gone = new Set(deleteImageIds);
  const deleteResultIds = input.results
    .filter((result) => !queuedImageIds.has(result.imageId))
    .filter(
      (result) =>
        gone.has(result.imageId) ||
        (!input.referencedResultIds.has(result.id) && isOrphanAge(result.createdAt)),
    )
    .map((result) => result.id);
  return { expireSession, deleteImageIds, deleteResultIds };
}
