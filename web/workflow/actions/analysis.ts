// 'N Bilder optimieren': analyse the photos first when the last analysis does not cover them, then open the
// mode selection preselected for the detected room. One photo's analysis after another, each reported.

import { roomModes } from '../../../core/catalog/modes';
import { readAiCapabilities } from '../../data/aiCapabilities';
import type { PerImageRoom } from '../../../core/analysis/room/types';
import type { RoomType } from '../../../core/catalog/types';
import { needsAnalysis } from '../selectors';
import type { ActionDeps } from './deps';
import { classify } from './failure';
import { WHOLE_PHOTO } from './imageSizes';
import { originalOf, type JobRunner } from './runner';

const modeIdsOf = (room: RoomType | 'mixed' | undefined) =>
  roomModes(!room || room === 'mixed' ? 'general' : room).map((m) => m.id);

export function analysisActions(deps: ActionDeps, jobs: JobRunner) {
  const { store } = deps;
  // Paid modes are preselected only for who can run them now: signed in and online.
  const canRunPaid = () => deps.isSignedIn() && deps.isOnline();
  // The server modes this server runs for free (no AI) need it reachable: offline they are not preselected.
  const reachable = () => (deps.isOnline() ? { capabilities: readAiCapabilities() } : {});

  /** On the device; where its browser cannot run the detector, the server answers the same data. */
  async function analyseOne(signal: AbortSignal, image: Blob): Promise<PerImageRoom> {
    try {
      return await deps.rooms.analyze(signal, image);
    } catch (error) {
      if (signal.aborted || classify(error).kind === 'cancelled') throw error;
      console.warn('raumglanz: room detector failed on this device, asking the server', error);
      return deps.rooms.analyzeOnServer(signal, { image, fit: WHOLE_PHOTO });
    }
  }

  async function analyse(): Promise<void> {
    const signal = jobs.begin();
    store.dispatch({ type: 'analysisStarted' });
    try {
      const results: PerImageRoom[] = [];
      const perImage: Record<string, RoomType> = {};
      for (const image of store.getState().images) {
        const result = await analyseOne(signal, await originalOf(deps, image.id));
        results.push(result);
        perImage[image.id] = result.roomType;
        store.dispatch({ type: 'imageAnalysed', imageId: image.id });
      }
      const combined = deps.rooms.combine(results);
      store.dispatch({
        type: 'analysisSucceeded',
        analysis: { ...combined, perImage },
        roomModeIds: modeIdsOf(combined.roomType),
        canRunPaid: canRunPaid(),
        ...reachable(),
      });
    } catch (error) {
      if (signal.aborted) return;
      console.warn('raumglanz: analysis failed', error);
      store.dispatch({
        type: 'analysisFailed',
        roomModeIds: modeIdsOf('general'),
        canRunPaid: canRunPaid(),
        ...reachable(),
      });
    }
  }

  return {
    /** Returns when the analysis (if one ran) has ended; screens need not wait for it. */
    optimize(): Promise<void> {
      const state = store.getState();
      if (needsAnalysis(state)) return analyse();
      store.dispatch({
        type: 'optionsOpened',
        roomModeIds: modeIdsOf(state.analysis?.roomType),
        canRunPaid: canRunPaid(),
        ...reachable(),
      });
      return Promise.resolve();
    },
  };
}
