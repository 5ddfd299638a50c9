// The staging dialog's effects with the real store, machine and Dexie (fake-indexeddb): the gates (one photo,
// signed in, 5 credits, at least one ticked piece) with their German toasts, what goes to the server (ids and
// counts only, the analysed room), the staged photo stored as the final image with the furnishing list in
// euros, the label on a furnished download, and the failures that send the dialog back a step.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyzeStagingResponse, StagingProduct } from '../../../core/contract/staging';
import { buildShoppingList, catalogItemById } from '../../../core/staging';
import { getResult } from '../../../web/data/db';
import type { ActionDeps } from '../../../web/workflow/actions';
import { createHarness, jpegBlob, seedModes, type Harness } from './fakeDeps';

let h: Harness;
afterEach(() => h?.close());

const OPTIONS = { style: 'cozy', budget: { min: 0, max: 2000 } } as const;

function product(id: string, selected: boolean, quantity = 1): StagingProduct {
  const item = catalogItemById(id)!;
  return {
    id,
    category: item.category,
    recommendation: { item: item.category, germanName: item.name, priority: 'essential' },
    product: {
      title: item.name,
      price: item.priceCents,
      priceIsEstimate: true,
      link: item.link,
      image: item.image.svg,
      review: null,
    },
    quantity,
    dimensions: item.dimensions,
    selected,
  };
}

const PRODUCTS = [
  product('sofa-cozy-mid', true),
  product('diningChair-cozy-mid', true, 2),
  product('rug-cozy-mid', false),
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
        roomType: 'kitchen',
        style: 'cozy',
        totalPrice: 0,
      };
      return answer;
    },
    async apply(_signal, input) {
      calls.push({ apply: input.selectedProducts, options: input.options, key: input.idempotencyKey });
      if (fail.apply) throw new Error('Renderer kaputt');
      const lines = input.selectedProducts.map((p) => ({
        item: catalogItemById(p.id)!,
        quantity: p.quantity,
      }));
      return {
        blob: jpegBlob('staged'),
        shoppingList: buildShoppingList(lines),
        description: 'Visualisierung',
      };
    },
  };
}

async function open(overrides: Partial<ActionDeps>, ids = ['a'], credits = 10) {
  h = await createHarness(overrides);
  await seedModes(h, ids, []);
  h.store.dispatch({ type: 'creditsLoaded', credits });
  h.actions.openStaging();
}

describe('staging actions', () => {
  it('analyses with the analysed room and stages the ticked pieces into the final result', async () => {
    const calls: unknown[] = [];
    const labelled: Blob[] = [];
    await open({
      staging: stagingFake(calls),
      labelVirtual: async (blob) => {
        labelled.push(blob);
        return jpegBlob('labelled');
      },
    });
    expect(h.state().overlay).toEqual({ kind: 'staging', imageId: 'a' });
    const answer = await h.actions.analyzeStaging(OPTIONS);
    expect(answer?.products).toHaveLength(3);
    expect(calls[0]).toEqual({ analyze: { ...OPTIONS, roomType: 'kitchen' } });

    const pieces = await h.actions.applyStaging(PRODUCTS, OPTIONS, 'kitchen');
    expect(pieces).toBe(2);
    expect(calls[1]).toMatchObject({
      apply: [
        { id: 'sofa-cozy-mid', quantity: 1 },
        { id: 'diningChair-cozy-mid', quantity: 2 },
      ],
      options: { ...OPTIONS, roomType: 'kitchen' },
      key: 'key-1',
    });
    const final = h.state().finalResult!;
    const sofa = catalogItemById('sofa-cozy-mid')!.priceCents;
    const chair = catalogItemById('diningChair-cozy-mid')!.priceCents;
    expect(final.shoppingList?.totalPrice).toBeCloseTo((sofa + 2 * chair) / 100, 10);
    expect(final.shoppingList?.items.map((i) => i.price)).toEqual([sofa / 100, (2 * chair) / 100]);
    expect(final.shoppingList?.affiliateDisclaimer).toMatch(/keine Affiliate-Links.*Richtpreise/);
    expect(await getResult(h.db, final.images[0]!.url)).not.toBeNull();
    expect(h.state().notice).toMatchObject({ key: 'toast.stagingDone', values: { n: 2 } });

    // The furnished photo is labelled on download unless switched off.
    await h.actions.downloadFinal(0);
    expect(labelled).toHaveLength(1);
    await h.actions.downloadFinal(0, { label: false });
    expect(labelled).toHaveLength(1);
    expect(h.calls.saved).toHaveLength(2);
  });

  it.each([
    ['two photos', { ids: ['a', 'b'] }, 'toast.stagingNeedsOneImage', undefined],
    ['4 credits', { credits: 4 }, 'toast.stagingNeedsCredits', { n: 5 }],
    ['a failed analysis', { failAnalyze: true }, 'toast.stagingAnalysisFailed', { message: 'Server weg' }],
  ] as const)('answers null and says why for %s', async (_, setup, key, values) => {
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
    expect(await h.actions.analyzeStaging(OPTIONS)).toBeNull();
    expect(h.state().notice).toMatchObject({ key, ...(values ? { values } : {}) });
  });

  it('refuses an empty selection, sends a visitor to the login, and reports a failed staging', async () => {
    const calls: unknown[] = [];
    await open({ staging: stagingFake(calls, { apply: true }) });
    const none = PRODUCTS.map((p) => ({ ...p, selected: false }));
    expect(await h.actions.applyStaging(none, OPTIONS, 'kitchen')).toBeNull();
    expect(h.state().notice?.key).toBe('toast.stagingNeedsItem');
    expect(calls).toEqual([]);

    expect(await h.actions.applyStaging(PRODUCTS, OPTIONS, 'kitchen')).toBeNull();
    expect(h.state().notice).toMatchObject({
      key: 'toast.stagingFailed',
      values: { message: 'Renderer kaputt' },
    });
    expect(h.state().finalResult).toBeNull();

    h.deps.isSignedIn = () => false;
    expect(await h.actions.analyzeStaging(OPTIONS)).toBeNull();
    expect(h.calls.login).toBe(1);
  });
});
