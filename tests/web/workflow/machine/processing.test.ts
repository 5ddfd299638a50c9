// The workflow machine while photos are processed: the batch, each photo's result or failure, cancelling, and
// results that arrive later (the outbox).
import { describe, it, expect } from 'vitest';
import { tNotice } from '../../../../web/i18n/de';
import {
  currentStep,
  currentView,
  doneCount,
  initialState,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import { deepFreeze, run, uploaded, inModes, processing, withResults, image, statuses } from './fixtures';

describe('processing', () => {
  it('enhancementStarted sets planned images pending, starts the batch and deducts credits', () => {
    const next = processing();
    expect(statuses(next)).toEqual(['pending', 'pending']);
    expect(next.batch).toEqual({ startedAt: 1_000, total: 2, done: 0, partial: 0, failed: 0 });
    expect(next.credits).toBe(6);
    expect(next.showOptions).toBe(false);
    expect(currentView(next)).toBe('processing');
  });

  it('never deducts below zero (visitors hold 0 credits)', () => {
    expect(run(inModes(), { type: 'enhancementStarted', price: 4, startedAt: 0 }).credits).toBe(0);
  });

  it('leaves images without modes out of the batch in individual mode', () => {
    const next = run(
      inModes(),
      { type: 'selectionKindChanged', kind: 'individual' },
      { type: 'modeToggled', modeId: 'brighten', imageId: 'b' },
      { type: 'modeToggled', modeId: 'declutter', imageId: 'b' },
      { type: 'enhancementStarted', price: 2, startedAt: 0 },
    );
    expect(statuses(next)).toEqual(['pending', 'uploaded']);
    expect(next.batch?.total).toBe(1);
  });

  it('re-running drops the old result of an image', () => {
    const again = run(withResults(), { type: 'enhancementStarted', price: 0, startedAt: 5 });
    expect(image(again, 'a')).toEqual({
      id: 'a',
      name: 'a.jpg',
      size: 1001,
      type: 'image/jpeg',
      status: 'pending',
    });
  });

  it.each([
    [
      'no mode chosen',
      run(
        inModes(),
        { type: 'modeToggled', modeId: 'brighten' },
        { type: 'modeToggled', modeId: 'declutter' },
      ),
    ],
    ['a batch already running', processing()],
    ['the upload page', uploaded()],
    ['a dialog open', run(inModes(), { type: 'insufficientCredits', needed: 4, current: 1 })],
  ])('enhancementStarted is ignored with %s', (_name, state) => {
    expect(run(state, { type: 'enhancementStarted', price: 1, startedAt: 0 })).toBe(state);
  });

  it('runs one image at a time: pending -> enhancing -> enhanced', () => {
    const enhancing = run(processing(), { type: 'imageEnhancing', imageId: 'a' });
    expect(statuses(enhancing)).toEqual(['enhancing', 'pending']);
    const enhanced = run(enhancing, {
      type: 'imageEnhanced',
      imageId: 'a',
      enhancedKey: 'r:a',
      description: 'heller',
    });
    expect(image(enhanced, 'a')).toMatchObject({
      status: 'enhanced',
      enhancedKey: 'r:a',
      description: 'heller',
    });
    expect(enhanced.batch).toMatchObject({ done: 1, failed: 0 });
    expect(doneCount(enhanced)).toBe(1);
  });

  it('a failed image fails alone and the rest continue', () => {
    const next = run(
      processing(),
      { type: 'imageEnhancing', imageId: 'a' },
      { type: 'imageFailed', imageId: 'a', error: 'API Fehler (500): kaputt' },
      { type: 'imageEnhancing', imageId: 'b' },
      { type: 'imageEnhanced', imageId: 'b', enhancedKey: 'r:b' },
    );
    expect(image(next, 'a')).toMatchObject({ status: 'error', error: 'API Fehler (500): kaputt' });
    expect(image(next, 'b')).toMatchObject({ status: 'enhanced' });
    expect(next.batch).toMatchObject({ done: 1, failed: 1 });
    expect(doneCount(next)).toBe(2);
  });

  it.each([
    ['enhancing an image not pending', processing, { type: 'imageEnhancing', imageId: 'ghost' }],
    ['a result without a batch', uploaded, { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r' }],
    ['a failure without a batch', uploaded, { type: 'imageFailed', imageId: 'a', error: 'x' }],
    [
      'a second result for one image',
      () => run(processing(), { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r' }),
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r2' },
    ],
    ['finishing without a batch', inModes, { type: 'batchFinished' }],
    ['aborting without a batch', inModes, { type: 'batchAborted', reason: 'error' }],
  ] as [string, () => WorkflowState, WorkflowEvent][])('ignores %s', (_name, make, event) => {
    const state = make();
    expect(run(state, event)).toBe(state);
  });

  it('batchFinished reports x of y with the error count and shows results over the options', () => {
    const next = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r:a' },
      { type: 'imageFailed', imageId: 'b', error: 'kaputt' },
      { type: 'batchFinished' },
    );
    expect(next.batch).toBeNull();
    expect(next.showOptions).toBe(true);
    expect(currentView(next)).toBe('results');
    expect(currentStep(next)).toBe(3);
    expect(next.notice).toMatchObject({
      key: 'toast.batchDone',
      values: { done: 1, total: 2, failed: 1 },
      tone: 'success',
    });
  });

  it('a photo whose one mode failed alone keeps its result, says why, and the toast counts it honestly', () => {
    const partly =
      'Hotelbett – Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.';
    const next = run(
      processing(),
      { type: 'imageEnhancing', imageId: 'a' },
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r:a', description: 'heller', error: partly },
      { type: 'imageEnhancing', imageId: 'b' },
      { type: 'imageFailed', imageId: 'b', error: 'kaputt' },
    );
    expect(image(next, 'a')).toMatchObject({ status: 'enhanced', enhancedKey: 'r:a', error: partly });
    expect(next.batch).toMatchObject({ done: 1, partial: 1, failed: 1 });
    const finished = run(next, { type: 'batchFinished' });
    expect(currentView(finished)).toBe('results');
    expect(finished.notice).toMatchObject({
      key: 'toast.batchPartly',
      values: { done: 1, total: 2, partial: 1, failed: 1 },
      tone: 'info',
    });
    expect(tNotice('toast.batchPartly', finished.notice!.values)).toEqual({
      title: 'Optimierung teilweise abgeschlossen',
      description:
        '1 von 2 Bildern optimiert, 1 Fehler. Bei 1 davon wurde nicht alles angewendet – der Grund steht beim Bild.',
    });
    // A new result of the photo drops the old reason with the old result.
    const again = run(
      finished,
      { type: 'enhancementStarted', price: 0, startedAt: 2 },
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r:a2' },
    );
    expect(image(again, 'a')).toMatchObject({ status: 'enhanced', enhancedKey: 'r:a2' });
    expect(image(again, 'a')?.error).toBeUndefined();
  });

  it('batchFinished with no success says so and returns to mode selection', () => {
    const next = run(
      processing(),
      { type: 'imageFailed', imageId: 'a', error: 'x' },
      { type: 'imageFailed', imageId: 'b', error: 'y' },
      { type: 'batchFinished' },
    );
    expect(currentView(next)).toBe('modes');
    expect(next.notice).toMatchObject({ key: 'toast.batchNoneSucceeded', tone: 'error' });
  });

  it('batchFinished puts images that never got their turn back to uploaded', () => {
    const next = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r' },
      { type: 'batchFinished' },
    );
    expect(statuses(next)).toEqual(['enhanced', 'uploaded']);
  });

  it.each([
    ['error', { key: 'toast.enhanceFailed', tone: 'error' }],
    ['cancelled', null],
  ] as const)('batchAborted (%s) stops, keeps finished results, re-arms the rest', (reason, notice) => {
    const next = run(
      processing(),
      { type: 'imageEnhanced', imageId: 'a', enhancedKey: 'r:a' },
      { type: 'imageEnhancing', imageId: 'b' },
      { type: 'batchAborted', reason },
    );
    expect(next.batch).toBeNull();
    expect(statuses(next)).toEqual(['enhanced', 'uploaded']);
    expect(currentView(next)).toBe('modes');
    if (notice) expect(next.notice).toMatchObject(notice);
    else expect(next.noticeSeq).toBe(processing().noticeSeq);
  });

  it('insufficientCredits opens the dialog and stops the batch', () => {
    const next = run(
      processing(),
      { type: 'imageEnhancing', imageId: 'a' },
      { type: 'insufficientCredits', needed: 8, current: 2 },
    );
    expect(next.overlay).toEqual({ kind: 'insufficientCredits', needed: 8, current: 2 });
    expect(next.batch).toBeNull();
    expect(statuses(next)).toEqual(['uploaded', 'uploaded']);
    expect(next.credits).toBe(2);
    expect(currentView(next)).toBe('modes');
  });

  it('insufficientCredits before any start just opens the dialog over mode selection', () => {
    const state = inModes();
    const next = run(state, { type: 'insufficientCredits', needed: 4, current: 0 });
    expect(next).toEqual({ ...state, overlay: { kind: 'insufficientCredits', needed: 4, current: 0 } });
  });

  it('stagingRedirect with exactly one image stops the batch and opens staging for it', () => {
    const next = run(
      inModes('a'),
      { type: 'enhancementStarted', price: 0, startedAt: 0 },
      { type: 'stagingRedirect' },
    );
    expect(next.overlay).toMatchObject({ kind: 'staging', imageId: 'a', session: { step: 'options' } });
    expect(next.batch).toBeNull();
    expect(statuses(next)).toEqual(['uploaded']);
  });

  it('stagingRedirect with several images stops and asks for exactly one', () => {
    const next = run(processing(), { type: 'stagingRedirect' });
    expect(next.overlay).toBeNull();
    expect(next.batch).toBeNull();
    expect(next.notice).toMatchObject({ key: 'toast.stagingNeedsOneImage', tone: 'error' });
  });

  it.each([
    [12, 12],
    [-3, 0],
    [0, 0],
  ])('creditsLoaded %i -> %i', (credits, expected) => {
    expect(run({ ...initialState, credits: 5 }, { type: 'creditsLoaded', credits }).credits).toBe(expected);
  });

  it('creditsLoaded ignores a number that is not one', () => {
    const state = deepFreeze({ ...initialState, credits: 5 });
    expect(run(state, { type: 'creditsLoaded', credits: Number.NaN })).toBe(state);
  });
});
