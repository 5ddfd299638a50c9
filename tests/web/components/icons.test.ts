import { describe, expect, it } from 'vitest';
import { MODES } from '../../../core/catalog';
import { MODE_ICONS } from '../../../web/components/icons';

describe('MODE_ICONS', () => {
  it('has a drawing for every icon name the catalogue uses', () => {
    for (const mode of MODES) expect(MODE_ICONS[mode.icon], `${mode.id}: ${mode.icon}`).toBeDefined();
  });

  it('holds no icon the catalogue does not use', () => {
    const used = new Set(MODES.map((mode) => mode.icon));
    expect(Object.keys(MODE_ICONS).filter((name) => !used.has(name))).toEqual([]);
  });
});
