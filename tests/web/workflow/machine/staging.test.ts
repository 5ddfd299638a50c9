// The workflow machine's virtual staging as far as the flow is concerned: the redirect, the staged final result
// and its shopping list (the dialog's own steps: stagingFlow.test.ts).
import { describe, it, expect } from 'vitest';
import { currentStep, currentView, type WorkflowState } from '../../../../web/workflow/machine';
import { run, shoppingList, uploaded, inModes, stagingOpen, withStagedFinal } from './fixtures';

describe('virtual staging', () => {
  it('stagingCompleted makes the staged image the final result and stores the list', () => {
    const next = withStagedFinal();
    expect(next.finalResult).toEqual({
      images: [{ imageId: 'a', resultKey: 'staged:a' }],
      appliedSuggestions: [],
      shoppingList,
    });
    expect(next.overlay).toMatchObject({ kind: 'staging', imageId: 'a', session: { step: 'complete' } });
    expect(next.notice).toMatchObject({ key: 'toast.stagingDone', values: { n: 2 }, tone: 'success' });
    expect(currentStep(next)).toBe(5);
  });

  it.each([
    ['without the staging dialog', inModes, 'a'],
    ['for another image', stagingOpen, 'b'],
  ] as [string, () => WorkflowState, string][])('stagingCompleted is ignored %s', (_name, make, imageId) => {
    const state = make();
    expect(run(state, { type: 'stagingCompleted', imageId, stagedKey: 's', shoppingList })).toBe(state);
  });

  it('closing the staging dialog returns to mode selection', () => {
    const open = run(uploaded('a'), { type: 'stagingRedirect' });
    expect(open.overlay).toMatchObject({ kind: 'staging', imageId: 'a' });
    const closed = run(open, { type: 'overlayClosed' });
    expect(closed.overlay).toBeNull();
    expect(currentView(closed)).toBe('modes');
  });
});
