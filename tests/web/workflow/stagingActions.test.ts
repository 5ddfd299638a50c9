// The staging dialog's effects with the real store, machine and Dexie (fake-indexeddb), the server and the
// device behind fake ports: the gates (one photo, signed in, 5 credits, at least one ticked piece) with their
// German toasts, the placement on the device, the finish that sends the device's render with the placed
// pieces' ids and counts (one key, one charge), the staged photo stored as the final image with the furnishing
// list in euros, the label on a furnished download, and the failures that send the dialog back a step.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyzeStagingResponse, StagingProduct } from '../../../core/contract/staging';
import { buildShoppingList, catalogItemById, toStagingProduct } from '../../../core/staging';
import type { PlacedPiece } from '../../../core/staging/layout';
import { getResult } from '../../../web/data/db';
import type { ActionDeps } from '../../../web/workflow/actions';
import type { PlacedStaging } from '../../../web/workflow/actions/deps';
import type { StagingStep } from '../../../web/workflow/machine';
import { placedPiece } from '../../helpers/stagingFixtures';
import { createHarness, jpegBlob, seedModes, type Harness } from './fakeDeps';
import { shoppingListNote } from '../../../web/screens/final/shoppingNotes';

let h: Harness;
afterEach(() => h?.close());

function product(id: string, selected: boolean, quantity = 1): StagingProduct {
  const item = catalogItemById(id)!;
  const need = { category: item.category, priority: 'essential', quantity } as const;
  return toStagingProduct({ need, item, quantity, selected });
}

const PRODUCTS = [
  product('sofa-cozy-mid', true),
  product('diningChair-cozy-mid', true, 2),
  product('rug-cozy-mid', false),
];

const PIECES: PlacedPiece[] = [
  placedPiece('sofa-cozy-mid#0'),
  placedPiece('diningChair-cozy-mid#0', { category: 'diningChair', x: 1.5 }),
  placedPiece('diningChair-cozy-mid#1', { category: 'diningChair', unit: 1, x: 2.2 }),
];

function stagingFake(
  calls: unknown[],
  fail: { analyze?: boolean; apply?: boolean } = {},
): ActionDeps['staging'] {
  return {
    async analyze(_signal, input) {
      calls.push({ analyze: input.options });
      if (fail.analyze) throw new Error('Server weg');
      const answer: AnalyzeStagingResponse = {
        products: PRODUCTS,
        alternatives: [],
        roomType: 'kitchen',
        style: 'cozy',
        totalPrice: 0,
      };
      return answer;
    },
    async apply(_signal, input) {
      calls.push({
        apply: input.selectedProducts,
        options: input.options,
        key: input.idempotencyKey,
        staged: await input.stagedImage.text(),
      });
      if (fail.apply) throw new Error('Server kaputt');
      const lines = input.selectedProducts.map((p) => ({
        item: catalogItemById(p.id)!,
        quantity: p.quantity,
      }));
      return {
        blob: jpegBlob('stored'),
        shoppingList: buildShoppingList(lines),
        description: 'Visualisierung',
      };
    },
  };
}

/** The device's port: places PIECES (or fails), renders a tagged JPEG of the pieces it is given. */
function deviceFake(
  calls: unknown[],
  fail: { place?: boolean; render?: boolean } = {},
): ActionDeps['stagingDevice'] {
  return {
    async place(_signal, input) {
      calls.push({ place: input.products.map((p) => p.id) });
      if (fail.place) throw new Error('kein WebGL');
      const scene: PlacedStaging = {
        pieces: PIECES,
        leftOut: [],
        cameraYawDeg: 0,
        problems: () => [],
        mount: () => Promise.reject(new Error('not drawn in this test')),
        async render(pieces) {
          if (fail.render) throw new Error('Render kaputt');
          return jpegBlob(`render:${pieces.map((p) => p.key).join(',')}`);
        },
        dispose: () => calls.push('disposed'),
      };
      return scene;
    },
  };
}

async function open(overrides: Partial<ActionDeps>, ids = ['a'], credits = 10) {
  h = await createHarness(overrides);
  await seedModes(h, ids, []);
  h.store.dispatch({ type: 'creditsLoaded', credits });
  h.actions.openStaging();
}

const step = (): StagingStep | undefined => {
  const overlay = h.state().overlay;
  return overlay?.kind === 'staging' ? overlay.session.step : undefined;
};

describe('staging actions', () => {
  it('analyses with the analysed room, places on the device and finishes into the final result', async () => {
    const calls: unknown[] = [];
    const labelled: Blob[] = [];
    await open({
      staging: stagingFake(calls),
      stagingDevice: deviceFake(calls),
      labelVirtual: async (blob) => {
        labelled.push(blob);
        return jpegBlob('labelled');
      },
    });
    expect(step()).toBe('options');
    h.store.dispatch({ type: 'stagingOptionsChanged', style: 'cozy' });
    await h.actions.analyzeStaging();
    expect(step()).toBe('selection');
    expect(calls[0]).toEqual({
      analyze: { style: 'cozy', budget: { min: 0, max: 2000 }, roomType: 'kitchen' },
    });

    await h.actions.placeStaging();
    expect(step()).toBe('arranging');
    expect(calls[1]).toEqual({ place: ['sofa-cozy-mid', 'diningChair-cozy-mid'] });
    expect(h.actions.stagingScene()?.pieces).toBe(PIECES);

    // The host takes one chair away: the finish pays for what stands in the photo.
    h.store.dispatch({ type: 'stagingPieceRemoved', key: 'diningChair-cozy-mid#1' });
    await h.actions.finishStaging();
    expect(step()).toBe('complete');
    expect(calls[2]).toMatchObject({
      apply: [
        { id: 'sofa-cozy-mid', quantity: 1 },
        { id: 'diningChair-cozy-mid', quantity: 1 },
      ],
      options: { style: 'cozy', roomType: 'kitchen' },
      key: 'key-1',
    });
    expect(String((calls[2] as { staged: string }).staged)).toContain(
      'render:sofa-cozy-mid#0,diningChair-cozy-mid#0',
    );
    const final = h.state().finalResult!;
    const sofa = catalogItemById('sofa-cozy-mid')!.priceCents;
    const chair = catalogItemById('diningChair-cozy-mid')!.priceCents;
    expect(final.shoppingList?.totalPrice).toBeCloseTo((sofa + chair) / 100, 10);
    expect(shoppingListNote(final.shoppingList!.items.map((item) => item.link))).toMatch(/Beispielprodukte/);
    expect(await getResult(h.db, final.images[0]!.resultKey)).not.toBeNull();
    expect(h.state().notice).toMatchObject({ key: 'toast.stagingDone', values: { n: 2 } });

    // The furnished photo is labelled on download unless switched off.
    await h.actions.downloadFinal(0);
    expect(labelled).toHaveLength(1);
    await h.actions.downloadFinal(0, { label: false });
    expect(labelled).toHaveLength(1);
    expect(h.calls.saved).toHaveLength(2);

    // Closing the dialog lets go of the placed room.
    h.actions.cancelStaging();
    expect(calls.at(-1)).toBe('disposed');
    expect(h.actions.stagingScene()).toBeNull();
  });

  it.each([
    ['two photos', { ids: ['a', 'b'] }, 'toast.stagingNeedsOneImage', undefined],
    ['4 credits', { credits: 4 }, 'toast.stagingNeedsCredits', { n: 5 }],
    ['a failed analysis', { failAnalyze: true }, 'toast.stagingAnalysisFailed', { message: 'Server weg' }],
  ] as const)('stays on the options and says why for %s', async (_, setup, key, values) => {
    const calls: unknown[] = [];
    await open(
      { staging: stagingFake(calls, { analyze: 'failAnalyze' in setup }) },
      'ids' in setup ? [...setup.ids] : ['a'],
      'credits' in setup ? setup.credits : 10,
    );
    if ('ids' in setup) {
      // Two photos: the dialog never opened.
      expect(h.state().overlay).toBeNull();
      expect(h.state().notice?.key).toBe(key);
      return;
    }
    await h.actions.analyzeStaging();
    expect(step()).toBe('options');
    expect(h.state().notice).toMatchObject({ key, ...(values ? { values } : {}) });
  });

  it('refuses an empty selection and goes back when the device cannot place', async () => {
    const calls: unknown[] = [];
    await open({ staging: stagingFake(calls), stagingDevice: deviceFake(calls, { place: true }) });
    await h.actions.analyzeStaging();
    for (const p of PRODUCTS.filter((p) => p.selected))
      h.store.dispatch({ type: 'stagingProductToggled', productId: p.id });
    await h.actions.placeStaging();
    expect(h.state().notice?.key).toBe('toast.stagingNeedsItem');
    expect(calls).toHaveLength(1);

    h.store.dispatch({ type: 'stagingProductToggled', productId: 'sofa-cozy-mid' });
    await h.actions.placeStaging();
    expect(step()).toBe('selection');
    // The browser's own error stays out of the German toast.
    expect(h.state().notice).toMatchObject({ key: 'toast.stagingPlacementFailed' });
    expect(h.state().notice?.values).toBeUndefined();
  });

  it.each([
    ['the render fails', { render: true }, {}, 0, 'toast.stagingRenderFailed'],
    ['the server refuses', {}, { apply: true }, 1, 'toast.stagingFailed'],
  ] as const)(
    'charges nothing and goes back to arranging when %s',
    async (_, device, server, applies, key) => {
      const calls: unknown[] = [];
      await open({ staging: stagingFake(calls, server), stagingDevice: deviceFake(calls, device) });
      await h.actions.analyzeStaging();
      await h.actions.placeStaging();
      await h.actions.finishStaging();
      expect(step()).toBe('arranging');
      expect(calls.filter((c) => typeof c === 'object' && c !== null && 'apply' in c)).toHaveLength(applies);
      expect(h.state().notice?.key).toBe(key);
      expect(h.state().finalResult).toBeNull();
    },
  );

  it('sends a visitor to the login, saying why', async () => {
    await open({ staging: stagingFake([]) });
    h.deps.isSignedIn = () => false;
    await h.actions.analyzeStaging();
    expect(h.calls.loginReasons).toEqual(['staging']);
    expect(step()).toBe('options');
  });
});
