// The workflow machine on the upload screen: photos added (uploads and imports, limits, duplicates), removed
// and cleared (SPEC sections 2 and 4).
import { describe, it, expect } from 'vitest';
import type { NewImage } from '../../../../web/workflow/events';
import {
  initialState,
  needsAnalysis,
  type WorkflowEvent,
  type WorkflowState,
} from '../../../../web/workflow/machine';
import { run, file, uploaded, inModes, processing, image } from './fixtures';

describe('imagesAdded', () => {
  it('adds uploads as uploaded and reports the count', () => {
    const next = uploaded('a', 'b');
    expect(next.images).toEqual([
      { id: 'a', name: 'a.jpg', size: 1001, type: 'image/jpeg', status: 'uploaded' },
      { id: 'b', name: 'b.jpg', size: 1001, type: 'image/jpeg', status: 'uploaded' },
    ]);
    expect(next.notice).toEqual({ id: 1, key: 'toast.imagesAdded', values: { n: 2 }, tone: 'success' });
  });

  it('keeps the source URL of imported images and says they were imported', () => {
    const next = run(initialState, {
      type: 'imagesAdded',
      images: [file('x', { originalUrl: 'https://a0.muscache.com/im/pictures/x.jpeg' })],
      source: 'import',
    });
    expect(image(next, 'x')?.originalUrl).toBe('https://a0.muscache.com/im/pictures/x.jpeg');
    expect(next.notice).toMatchObject({ key: 'toast.imagesImported', values: { n: 1 }, tone: 'success' });
  });

  it('appends to images already there', () => {
    const next = run(uploaded('a'), { type: 'imagesAdded', images: [file('b')], source: 'upload' });
    expect(next.images.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('lists refused files, its own duplicates included, in one error notice', () => {
    const next = run(uploaded('a'), {
      type: 'imagesAdded',
      images: [file('b'), file('a2', { name: 'a.jpg', size: 1001 }), file('c', { name: 'a.jpg', size: 5 })],
      rejected: [{ name: 'huge.png', key: 'upload.tooLarge' }],
      source: 'upload',
    });
    expect(next.images.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(next.notice).toEqual({
      id: 2,
      key: 'toast.uploadRejected',
      values: { n: 2 },
      tone: 'error',
      details: [
        { name: 'huge.png', key: 'upload.tooLarge' },
        { name: 'a.jpg', key: 'upload.duplicate' },
      ],
    });
  });

  it('reports refusals even when nothing was added', () => {
    const before = uploaded('a');
    const next = run(before, {
      type: 'imagesAdded',
      images: [],
      rejected: [{ name: 'doc.pdf', key: 'upload.unsupportedFormat' }],
      source: 'upload',
    });
    expect(next.images).toBe(before.images);
    expect(next.notice?.key).toBe('toast.uploadRejected');
  });

  it.each([
    ['an empty add', uploaded('a'), [] as NewImage[]],
    ['an id already held', uploaded('a'), [file('a', { name: 'other.jpg' })]],
    ['any add outside the upload page', inModes(), [file('z')]],
    ['any add during processing', processing(), [file('z')]],
  ])('ignores %s', (_name, state, images) => {
    expect(run(state, { type: 'imagesAdded', images, source: 'upload' })).toBe(state);
  });
});

describe('imageRemoved and allImagesCleared', () => {
  const analysedBack = () =>
    run(inModes(), { type: 'selectionKindChanged', kind: 'individual' }, { type: 'back' });

  it('removes one image with its modes, room type and check mark', () => {
    const next = run(analysedBack(), { type: 'imageRemoved', imageId: 'a' });
    expect(next.images.map((i) => i.id)).toEqual(['b']);
    expect(next.modeSelection.perImage).toEqual({ b: ['brighten', 'declutter'] });
    expect(next.analysis?.perImage).toEqual({ b: 'kitchen' });
    expect(next.analysedImageIds).toEqual(['b']);
    expect(needsAnalysis(next)).toBe(false);
  });

  it('clears all images and the analysis', () => {
    const next = run(analysedBack(), { type: 'allImagesCleared' });
    expect(next.images).toEqual([]);
    expect(next.analysis).toBeNull();
    expect(next.analysisStatus).toBe('idle');
    expect(next.analysedImageIds).toEqual([]);
    expect(next.modeSelection.perImage).toEqual({});
  });

  it.each([
    ['an unknown id', uploaded(), { type: 'imageRemoved', imageId: 'nope' }],
    ['removal in mode selection', inModes(), { type: 'imageRemoved', imageId: 'a' }],
    ['removal during processing', processing(), { type: 'imageRemoved', imageId: 'a' }],
    ['clearing nothing', initialState, { type: 'allImagesCleared' }],
    ['clearing during processing', processing(), { type: 'allImagesCleared' }],
  ] as [string, WorkflowState, WorkflowEvent][])('ignores %s', (_name, state, event) => {
    expect(run(state, event)).toBe(state);
  });
});
