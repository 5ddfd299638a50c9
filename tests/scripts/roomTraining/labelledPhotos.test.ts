import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it, expect } from 'vitest';
import {
  listLabelledPhotos,
  photoGroup,
  roomTypeOfFolder,
} from '../../../scripts/room-training/labelledPhotos';

describe('#roomTypeOfFolder', () => {
  it.each([
    ['bathroom', 'bathroom'],
    ['Bedroom', 'bedroom'],
    ['kitchen', 'kitchen'],
    ['frontal', 'exterior'],
    ['living_room', 'livingRoom'],
    ['livingRoom', 'livingRoom'],
    ['exterior', 'exterior'],
    ['general', 'general'],
    ['attic', undefined],
  ])('%s -> %s', (folder, expected) => {
    expect(roomTypeOfFolder(folder)).toBe(expected);
  });
});

describe('#photoGroup', () => {
  it.each([
    ['12_kitchen.jpg', 'house:12'],
    ['12_frontal.jpg', 'house:12'],
    ['120_kitchen.jpg', 'house:120'],
    ['Places365_val_00000785.jpg', 'file:Places365_val_00000785.jpg'],
    ['kitchen_12.jpg', 'file:kitchen_12.jpg'],
  ])('%s -> %s', (file, expected) => {
    expect(photoGroup(file)).toBe(expected);
  });
});

describe('#listLabelledPhotos', () => {
  const temp = mkdtempSync(join(tmpdir(), 'raumglanz-labelled-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('lists the photos of each known room folder with their room and house, skipping other files', () => {
    const root = join(temp, 'ok');
    mkdirSync(join(root, 'frontal'), { recursive: true });
    mkdirSync(join(root, 'kitchen'), { recursive: true });
    for (const file of ['kitchen/7_kitchen.jpg', 'kitchen/notes.txt', 'frontal/7_frontal.PNG']) {
      writeFileSync(join(root, file), '');
    }
    writeFileSync(join(root, 'README.md'), '');
    expect(listLabelledPhotos(root)).toEqual([
      {
        path: join(root, 'frontal/7_frontal.PNG'),
        file: '7_frontal.PNG',
        expected: 'exterior',
        group: 'house:7',
      },
      {
        path: join(root, 'kitchen/7_kitchen.jpg'),
        file: '7_kitchen.jpg',
        expected: 'kitchen',
        group: 'house:7',
      },
    ]);
  });

  it('refuses a folder that names no room', () => {
    const root = join(temp, 'bad');
    mkdirSync(join(root, 'attic'), { recursive: true });
    expect(() => listLabelledPhotos(root)).toThrow(/unknown room folder "attic"/);
  });
});
