import { describe, it, expect } from 'vitest';
import { photoGroup, roomTypeOfFolder } from '../../../../core/analysis/room/labelFolders';

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
