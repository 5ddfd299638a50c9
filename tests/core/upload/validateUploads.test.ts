import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../core/upload/sniffImageType';
import { validateUploads, type UploadCandidate } from '../../../core/upload/validateUploads';

const bytes = (...b: number[]) => new Uint8Array(b);
const JPEG_HEAD = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1);
const PNG_HEAD = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP_HEAD = bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50);
const TEXT_HEAD = new TextEncoder().encode('Hallo Welt, ich bin Text');

describe('#sniffImageType', () => {
  it.each([
    ['jpeg', JPEG_HEAD, 'image/jpeg'],
    ['png', PNG_HEAD, 'image/png'],
    ['webp', WEBP_HEAD, 'image/webp'],
    ['riff that is not webp (wav)', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45), null],
    ['text', TEXT_HEAD, null],
    ['gif', new TextEncoder().encode('GIF89a......'), null],
    ['empty', bytes(), null],
    ['truncated jpeg', bytes(0xff, 0xd8), null],
    ['truncated webp', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57), null],
  ])('%s', (_name, head, expected) => {
    expect(sniffImageType(head)).toBe(expected);
  });
});

describe('#validateUploads', () => {
  const limits = { maxFileBytes: 10_485_760, maxFiles: 4 };
  const file = (name: string, size: number, head = JPEG_HEAD): UploadCandidate => ({ name, size, head });

  it.each([
    {
      name: 'accepts the three formats and reports their sniffed type',
      files: [file('a.jpg', 10), file('b.png', 10, PNG_HEAD), file('c.webp', 10, WEBP_HEAD)],
      existing: [],
      accepted: ['image/jpeg', 'image/png', 'image/webp'],
      rejected: [],
    },
    {
      name: 'exactly 10 MB is allowed, one byte more is too large',
      files: [file('ok.jpg', 10_485_760), file('big.jpg', 10_485_761)],
      existing: [],
      accepted: ['image/jpeg'],
      rejected: [['big.jpg', 'tooLarge']],
    },
    {
      name: 'a text file named .jpg is not an image',
      files: [file('notiz.jpg', 24, TEXT_HEAD)],
      existing: [],
      accepted: [],
      rejected: [['notiz.jpg', 'unsupportedFormat']],
    },
    {
      name: 'an empty file is not an image',
      files: [file('leer.png', 0, PNG_HEAD)],
      existing: [],
      accepted: [],
      rejected: [['leer.png', 'unsupportedFormat']],
    },
    {
      name: 'same name and size as an existing image is a duplicate',
      files: [file('a.jpg', 10), file('a.jpg', 11)],
      existing: [{ name: 'a.jpg', size: 10 }],
      accepted: ['image/jpeg'],
      rejected: [['a.jpg', 'duplicate']],
    },
    {
      name: 'a duplicate within one batch is caught too',
      files: [file('a.jpg', 10), file('a.jpg', 10)],
      existing: [],
      accepted: ['image/jpeg'],
      rejected: [['a.jpg', 'duplicate']],
    },
    {
      name: 'size is judged before content',
      files: [file('riesig.txt', 20_000_000, TEXT_HEAD)],
      existing: [],
      accepted: [],
      rejected: [['riesig.txt', 'tooLarge']],
    },
    {
      name: 'photos beyond the count limit are refused, rejected ones do not count',
      files: [file('x.txt', 5, TEXT_HEAD), file('c.jpg', 1), file('d.jpg', 1), file('e.jpg', 1)],
      existing: [
        { name: 'a.jpg', size: 1 },
        { name: 'b.jpg', size: 1 },
      ],
      accepted: ['image/jpeg', 'image/jpeg'],
      rejected: [
        ['x.txt', 'unsupportedFormat'],
        ['e.jpg', 'tooMany'],
      ],
    },
  ])('$name', ({ files, existing, accepted, rejected }) => {
    const decision = validateUploads(files, existing, limits);
    expect(decision.accepted.map((a) => a.type)).toEqual(accepted);
    expect(decision.rejected.map((r) => [r.name, r.reason])).toEqual(rejected);
  });

  it('keeps the index of every file so the caller can find it again', () => {
    const decision = validateUploads([file('x.txt', 5, TEXT_HEAD), file('b.jpg', 1)], [], limits);
    expect(decision.accepted).toEqual([{ index: 1, type: 'image/jpeg' }]);
    expect(decision.rejected).toEqual([{ index: 0, name: 'x.txt', reason: 'unsupportedFormat' }]);
  });
});
