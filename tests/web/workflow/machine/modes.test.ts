// The workflow machine's mode selection: uniform or per photo, room modes, prices and what may be applied
// (SPEC section 4).
import { describe, it, expect } from 'vitest';
import {
  applyValidation,
  canApply,
  creditsNeeded,
  plannedJobs,
  selectedModeCount,
  selectedModesFor,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import { deepFreeze, run, uploaded, inModes, processing } from './fixtures';

describe('mode selection', () => {
  it.each([
    ['adds a mode', 'sharpen', ['brighten', 'declutter', 'sharpen']],
    ['removes a chosen mode', 'brighten', ['declutter']],
  ])('uniform toggle %s', (_name, modeId, expected) => {
    expect(run(inModes(), { type: 'modeToggled', modeId }).modeSelection.uniform).toEqual(expected);
  });

  it("switching to 'Einzeln' copies the current selection to every image", () => {
    const next = run(inModes('a', 'b', 'c'), { type: 'selectionKindChanged', kind: 'individual' });
    expect(next.modeSelection.kind).toBe('individual');
    expect(next.modeSelection.perImage).toEqual({
      a: ['brighten', 'declutter'],
      b: ['brighten', 'declutter'],
      c: ['brighten', 'declutter'],
    });
  });

  it('in individual mode each image keeps its own selection', () => {
    const next = run(
      inModes(),
      { type: 'selectionKindChanged', kind: 'individual' },
      { type: 'modeToggled', modeId: 'sharpen', imageId: 'a' },
      { type: 'modeToggled', modeId: 'brighten', imageId: 'b' },
    );
    expect(selectedModesFor(next, 'a')).toEqual(['brighten', 'declutter', 'sharpen']);
    expect(selectedModesFor(next, 'b')).toEqual(['declutter']);
    expect(next.modeSelection.uniform).toEqual(['brighten', 'declutter']);
  });

  it("switching back to 'Alle gleich' gives back the uniform choice", () => {
    const next = run(
      inModes(),
      { type: 'selectionKindChanged', kind: 'individual' },
      { type: 'modeToggled', modeId: 'sharpen', imageId: 'a' },
      { type: 'selectionKindChanged', kind: 'uniform' },
    );
    expect(next.modeSelection.kind).toBe('uniform');
    expect(selectedModesFor(next, 'a')).toEqual(['brighten', 'declutter']);
  });

  it.each([
    ['a per-image toggle in uniform mode', inModes(), { type: 'modeToggled', modeId: 'x', imageId: 'a' }],
    [
      'a toggle without image in individual mode',
      run(inModes(), { type: 'selectionKindChanged', kind: 'individual' }),
      { type: 'modeToggled', modeId: 'x' },
    ],
    [
      'a toggle for an unknown image',
      run(inModes(), { type: 'selectionKindChanged', kind: 'individual' }),
      { type: 'modeToggled', modeId: 'x', imageId: 'ghost' },
    ],
    ['a toggle outside mode selection', uploaded(), { type: 'modeToggled', modeId: 'x' }],
    ['a toggle during processing', processing(), { type: 'modeToggled', modeId: 'x' }],
    ['choosing the kind already chosen', inModes(), { type: 'selectionKindChanged', kind: 'uniform' }],
    [
      'a kind change outside mode selection',
      uploaded(),
      { type: 'selectionKindChanged', kind: 'individual' },
    ],
  ] as [string, WorkflowState, WorkflowEvent][])('ignores %s', (_name, state, event) => {
    expect(run(state, event)).toBe(state);
  });

  const individual = (perImage: Record<string, string[]>) =>
    deepFreeze({
      ...inModes(),
      modeSelection: { kind: 'individual' as const, uniform: ['brighten'], perImage },
    });
  const uniform = (modes: string[]) =>
    deepFreeze({ ...inModes(), modeSelection: { kind: 'uniform' as const, uniform: modes, perImage: {} } });
  const cost = (modeId: string) => ({ brighten: 1, declutter: 2, windowView: 3 })[modeId] ?? 1;

  it.each([
    ['uniform, nothing chosen', uniform([]), false, 0, 0],
    ['uniform, no images', { ...uniform(['brighten']), images: [] }, false, 1, 0],
    ['uniform, two modes on two images', uniform(['brighten', 'declutter']), true, 2, 6],
    ['individual, no image has a mode', individual({ a: [], b: [] }), false, 0, 0],
    ['individual, one image has a mode', individual({ a: ['windowView'] }), true, 1, 3],
    [
      'individual, modes summed per image',
      individual({ a: ['brighten'], b: ['brighten', 'declutter'] }),
      true,
      3,
      4,
    ],
  ] as [string, WorkflowState, boolean, number, number][])(
    'canApply: %s -> %s (count %i, credits %i)',
    (_name, state, ok, count, credits) => {
      expect(canApply(state)).toBe(ok);
      expect(applyValidation(state)).toBe(ok ? null : 'modes.pickAtLeastOne');
      expect(selectedModeCount(state)).toBe(count);
      expect(creditsNeeded(state, cost)).toBe(credits);
    },
  );

  it('plans only images that have modes in individual mode', () => {
    expect(plannedJobs(individual({ b: ['sharpen'] }))).toEqual([{ imageId: 'b', modes: ['sharpen'] }]);
  });
});
