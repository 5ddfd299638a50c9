// Step 2's effects: 'Optimierungen anwenden' checks login, price and balance, then runs the photos one at a
// time (device engine first, then the server's modes); one failing photo fails alone, and so does a failing
// mode: the photo keeps what worked and says in German which mode did not run and why. A whole-batch failure
// (no credits, staging, signed out) stops the rest. 'Abbrechen' stops the batch.

import { CREDITS_REFRESH_DELAY_MS } from '../../../core/catalog/limits';
import { isDeviceMode, isModeUnavailable, modeById, modeCostById } from '../../../core/catalog/modes';
import { STAGING_MODE_ID } from '../../../core/catalog/pricing';
import type { EngineStep } from '../../../core/imaging/engineSteps';
import { readAiCapabilities } from '../../data/aiCapabilities';
import { readAutoStrength } from '../../data/settings';
import { saveResult } from '../../data/db';
import { t } from '../../i18n/de';
import { creditsNeeded, plannedJobs, roomTypeFor, type PlannedJob } from '../selectors';
import type { ActionDeps } from './deps';
import { classify } from './failure';
import type { OutboxActions } from './outbox';
import { originalOf, type JobRunner } from './runner';
import { serverNote } from './serverNote';

/** What one device mode did, in German: its steps joined ('Belichtung angehoben, Details geschärft'). */
const wordSteps = (steps: readonly EngineStep[]) => steps.map((step) => t(`engineSteps.${step}`)).join(', ');

/** The device part of a selection and the server part; the engine orders its own modes. */
function splitModes(modeIds: readonly string[]) {
  return { device: modeIds.filter(isDeviceMode), server: modeIds.filter((id) => !isDeviceMode(id)) };
}

/** Modes of one photo that did not run, and the German reason (the server's error code, worded by the client). */
interface ModeFailure {
  modeIds: readonly string[];
  message: string;
}

/** 'Hotelbett – Diese Optimierung braucht den KI-Dienst, …', each failure once, joined. */
const wordFailures = (failures: readonly ModeFailure[]) =>
  failures
    .map(({ modeIds, message }) =>
      t('processing.modeFailed', {
        modes: modeIds.map((id) => modeById(id)?.name ?? id).join(', '),
        message,
      }),
    )
    .join(' · ');

type ServerOutcome = { blob: Blob; description: string; modeIds: readonly string[] } | 'queued' | null;

export function processingActions(
  deps: ActionDeps,
  jobs: JobRunner,
  refreshCredits: () => Promise<void>,
  outbox: Pick<OutboxActions, 'serverModesOrQueue'>,
) {
  const { db, store } = deps;
  const creditsChanged = () => void refreshCredits();

  /**
   * The server part of one photo: its result, 'queued' (the outbox has it), or null when none of it ran (each
   * failure is added to `failures`). A mode this server said it cannot do is not sent. Should the server refuse
   * modes anyway (its provider changed), it refused before charging anything, so the rest is sent once more
   * under a key of its own. What stops the whole batch (credits, sign-in, staging, 'Abbrechen') is thrown.
   */
  async function runServerModes(
    signal: AbortSignal,
    job: { imageId: string; image: Blob; modeIds: readonly string[]; key: string; notes: string[] },
    failures: ModeFailure[],
  ): Promise<ServerOutcome> {
    const capabilities = readAiCapabilities();
    const impossible = job.modeIds.filter((id) => isModeUnavailable(id, capabilities));
    if (impossible.length > 0) failures.push({ modeIds: impossible, message: t('errors.aiUnavailable') });
    let sending = job.modeIds.filter((id) => !impossible.includes(id));
    for (let attempt = 1; sending.length > 0; attempt += 1) {
      try {
        // Offline or on a network failure the job waits in the outbox (actions/outbox.ts) with its key and the
        // device's notes; the server's note is added when its answer arrives.
        const remote = await outbox.serverModesOrQueue(signal, {
          imageId: job.imageId,
          image: job.image,
          modeIds: [...sending],
          roomType: roomTypeFor(store.getState(), job.imageId),
          idempotencyKey: attempt === 1 ? job.key : `${job.key}:${attempt}`,
          notes: job.notes,
        });
        return remote === null ? 'queued' : { ...remote, modeIds: sending };
      } catch (error) {
        const failure = classify(error);
        if (failure.kind !== 'failed' || signal.aborted) throw error;
        const refused = sending.filter((id) => failure.refusedModeIds?.includes(id));
        if (attempt === 1 && refused.length > 0 && refused.length < sending.length) {
          failures.push({ modeIds: refused, message: failure.message });
          sending = sending.filter((id) => !refused.includes(id));
          continue;
        }
        failures.push({ modeIds: sending, message: failure.message });
        return null;
      }
    }
    return null;
  }

  async function processPhoto(signal: AbortSignal, batchKey: string, imageId: string, modeIds: string[]) {
    const { device, server } = splitModes(modeIds);
    // Every photo passes the engine, even with no device mode: its re-encoding drops EXIF and GPS before
    // anything of the photo leaves the device or is downloaded.
    const local = await deps.engine.runDeviceModes(signal, {
      imageId,
      blob: await originalOf(deps, imageId),
      modeIds: device,
      strength: readAutoStrength() / 100,
    });
    let blob = local.blob;
    const notes = local.notes.map(wordSteps);
    const failures: ModeFailure[] = [];
    let serverRan = false;
    if (server.length > 0) {
      const remote = await runServerModes(
        signal,
        {
          imageId,
          image: blob,
          modeIds: server,
          // The header allows 64 characters: a UUID and a 64-digit photo hash do not fit, so the photo is named
          // by the start of its hash, which is plenty to tell the photos of one batch apart (a retry adds ':2').
          key: `${batchKey}:${imageId.slice(0, 16)}`,
          notes,
        },
        failures,
      );
      if (remote === 'queued') {
        store.dispatch({ type: 'imageQueued', imageId, message: t('outbox.waiting') });
        return 'queued';
      }
      if (remote) {
        blob = remote.blob;
        notes.push(serverNote(remote.description, remote.modeIds));
        serverRan = true;
      }
    }
    const failed = failures.length > 0 ? wordFailures(failures) : undefined;
    // None of the chosen modes ran: the re-encoded original is no result, so the photo failed, saying why.
    if (failed !== undefined && device.length === 0 && !serverRan) {
      store.dispatch({ type: 'imageFailed', imageId, error: failed });
      return 'failed';
    }
    const enhancedKey = await saveResult(db, imageId, 'enhanced', blob);
    store.dispatch({
      type: 'imageEnhanced',
      imageId,
      enhancedKey,
      description: notes.join(' · '),
      ...(failed !== undefined ? { error: failed } : {}),
    });
    return 'done';
  }

  /** The photos one at a time; one failing photo fails alone, a whole-batch failure stops the rest. */
  async function runBatch(signal: AbortSignal, batchKey: string, planned: readonly PlannedJob[]) {
    let queued = 0;
    for (const job of planned) {
      if (signal.aborted) return;
      store.dispatch({ type: 'imageEnhancing', imageId: job.imageId });
      try {
        if ((await processPhoto(signal, batchKey, job.imageId, job.modes)) === 'queued') queued += 1;
      } catch (error) {
        const failure = classify(error);
        if (failure.kind === 'cancelled' || signal.aborted) return;
        if (failure.kind === 'insufficientCredits') {
          store.dispatch({ type: 'insufficientCredits', needed: failure.needed, current: failure.current });
          return;
        }
        if (failure.kind === 'stagingRedirect') {
          store.dispatch({ type: 'stagingRedirect' });
          return;
        }
        if (failure.kind === 'unauthenticated') {
          store.dispatch({ type: 'batchAborted', reason: 'cancelled' });
          deps.goToLogin('paidMode');
          return;
        }
        store.dispatch({ type: 'imageFailed', imageId: job.imageId, error: failure.message });
      }
    }
    store.dispatch({ type: 'batchFinished' });
    // One toast at a time: what waits for the connection replaces 'Keines der Bilder …'.
    if (queued > 0) {
      store.dispatch({
        type: 'noticeShown',
        notice: { key: 'outbox.queued', values: { count: queued }, tone: 'info' },
      });
    }
  }

  async function apply(): Promise<void> {
    const state = store.getState();
    const planned = plannedJobs(state);
    if (planned.length === 0) return;
    if (planned.some((job) => job.modes.includes(STAGING_MODE_ID))) {
      store.dispatch({ type: 'stagingRedirect' });
      return;
    }
    // What this server does without AI is free (core/catalog modeCost): no account, no credits needed for it.
    const capabilities = readAiCapabilities();
    const price = creditsNeeded(state, (modeId) => modeCostById(modeId, capabilities));
    // Offline and signed out, paid modes cannot run and /login cannot load: say so where the user is.
    // Signed in, they go to the outbox and run when the connection is back.
    if (price > 0 && !deps.isOnline() && !deps.isSignedIn()) {
      store.dispatch({ type: 'noticeShown', notice: { key: 'toast.paidNeedsConnection', tone: 'error' } });
      return;
    }
    if (price > 0 && !deps.isSignedIn()) {
      deps.goToLogin('paidMode');
      return;
    }
    if (price > state.credits) {
      store.dispatch({ type: 'insufficientCredits', needed: price, current: state.credits });
      return;
    }

    const signal = jobs.begin();
    store.dispatch({ type: 'enhancementStarted', price, startedAt: Date.now() });
    if (price > 0) setTimeout(creditsChanged, CREDITS_REFRESH_DELAY_MS);
    try {
      await runBatch(signal, deps.newKey(), planned);
    } catch (error) {
      // Per-photo failures are handled inside; anything else must not leave the processing view hanging.
      if (!signal.aborted) {
        console.warn('raumglanz: batch failed', error);
        // 'Fehler' / 'Optimierung fehlgeschlagen'
        store.dispatch({ type: 'batchAborted', reason: 'error' });
      }
    } finally {
      // However the batch ended (done, refused, cancelled), the server's balance is read again.
      if (price > 0) creditsChanged();
    }
  }

  return {
    apply,
    cancel(): void {
      jobs.abort();
      store.dispatch({ type: 'batchAborted', reason: 'cancelled' });
    },
  };
}
