// The retouch brush's effect and rule on the real store, machine and Dexie database (fake-indexeddb): a
// retouched photo gets a new stored result that replaces the old one, an empty or failed retouch changes
// nothing, and a late retouch of a photo that is no longer a result is ignored.
import { afterEach, describe, expect, it } from 'vitest';
import type { Stroke } from '../../../core/declutter/buildMask';
import { getResult } from '../../../web/data/db';
import { transition } from '../../../web/workflow/machine';
import { createHarness, jpegBlob, seedModes, type Harness } from './fakeDeps';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const STROKE: Stroke = {
  points: [
    { x: 0.2, y: 0.3 },
    { x: 0.4, y: 0.3 },
  ],
  radius: 0.02,
};

async function enhancedHarness(retouch?: Harness['deps']['retouch']): Promise<Harness> {
  const harness = await createHarness(retouch ? { retouch } : {});
  await seedModes(harness, ['a'], ['brighten']);
  await harness.actions.apply();
  return harness;
}

describe('retouch', () => {
  it('stores the filled photo as the new result, adds what was done and keeps only the latest retouch', async () => {
    const seen: { strokes: readonly Stroke[]; text: string }[] = [];
    let round = 0;
    h = await enhancedHarness(async (_signal, { blob, strokes }) => {
      seen.push({ strokes, text: await blob.text() });
      return { blob: jpegBlob(`retouched-${++round}`), description: 'Retuschiert: 1 markierte Stelle' };
    });
    const enhanced = h.state().images[0]!;
    const signal = new AbortController().signal;

    expect(await h.actions.retouch(signal, 'a', [STROKE])).toBe(true);
    const first = h.state().images[0]!;
    expect(seen).toEqual([{ strokes: [STROKE], text: expect.stringContaining('device:a') }]);
    expect(first.enhancedKey).toMatch(/^a:retouch-/);
    expect(first.description).toBe(`${enhanced.description} · Retuschiert: 1 markierte Stelle`);
    expect(await (await getResult(h.db, first.enhancedKey!))!.text()).toContain('retouched-1');
    expect(h.state().notice).toMatchObject({ key: 'retouch.done', tone: 'success' });
    // The first result stays (a retouch can be compared with it); the next retouch replaces the retouch.
    expect(await getResult(h.db, enhanced.enhancedKey!)).not.toBeNull();

    expect(await h.actions.retouch(signal, 'a', [STROKE])).toBe(true);
    const second = h.state().images[0]!;
    expect(seen[1]!.text).toContain('retouched-1');
    expect(second.enhancedKey).not.toBe(first.enhancedKey);
    expect(await getResult(h.db, first.enhancedKey!)).toBeNull();
    expect(await (await getResult(h.db, second.enhancedKey!))!.text()).toContain('retouched-2');
  });

  it('does nothing without strokes, and tells the user when the fill fails', async () => {
    h = await enhancedHarness(async () => {
      throw new Error('out of memory');
    });
    const before = h.state().images[0]!;
    const signal = new AbortController().signal;
    expect(await h.actions.retouch(signal, 'a', [])).toBe(false);
    expect(h.state().images[0]).toEqual(before);
    expect(await h.actions.retouch(signal, 'a', [STROKE])).toBe(false);
    expect(h.state().images[0]).toEqual(before);
    expect(h.state().notice).toMatchObject({ key: 'retouch.failed', tone: 'error' });
  });

  it('drops a cancelled retouch silently', async () => {
    const controller = new AbortController();
    h = await enhancedHarness(async (_signal, { blob }) => {
      controller.abort();
      return { blob, description: 'Retuschiert: 1 markierte Stelle' };
    });
    const before = h.state();
    expect(await h.actions.retouch(controller.signal, 'a', [STROKE])).toBe(false);
    expect(h.state().images).toEqual(before.images);
    expect(h.state().notice).toEqual(before.notice);
  });

  it('ignores a late retouch of a photo that is no longer an enhanced result', async () => {
    h = await enhancedHarness();
    const state = h.state();
    const event = {
      type: 'imageRetouched',
      imageId: 'a',
      enhancedKey: 'a:retouch-x',
      description: 'x',
    } as const;
    expect(transition(state, event).images[0]!.enhancedKey).toBe('a:retouch-x');
    const gone = { ...state, images: [] };
    expect(transition(gone, event)).toBe(gone);
    const failed = { ...state, images: state.images.map((i) => ({ ...i, status: 'error' as const })) };
    expect(transition(failed, event)).toBe(failed);
  });
});
