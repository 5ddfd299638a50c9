// Fabric variants: the sofa's and the chair's fabrics as their GLBs define them (colour factor, sheen), ranked
// against product colours the catalogue uses; a grey product must get a grey fabric, not the warm Champagne.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  colourDifference,
  fabricAppearance,
  nearestAppearance,
  type LinearRgb,
} from '../../../web/staging/scene/variants';

const linear = (hex: string): LinearRgb => {
  const c = new THREE.Color().setStyle(hex, THREE.SRGBColorSpace);
  return [c.r, c.g, c.b];
};

/** glam-velvet-sofa.glb's KHR_materials_variants fabrics: [name, baseColorFactor (sRGB hex), sheenColor]. */
const SOFA: [string, string, string][] = [
  ['Champagne', '#968e81', '#f3dacb'],
  ['Navy', '#595959', '#3f73bc'],
  ['Gray', '#c2c2bd', '#edf3ff'],
  ['Black', '#595959', '#616165'],
  ['Pale Pink', '#f2e1e2', '#fff3f3'],
];
const sofa = SOFA.map(([, base, sheen]) => fabricAppearance(linear(base), null, linear(sheen)));
const pick = (hex: string) => SOFA[nearestAppearance(sofa, linear(hex))]![0];

describe('fabric variant choice', () => {
  it('gives a grey product a neutral fabric, never Champagne', () => {
    expect(pick('#8a8d91')).not.toBe('Champagne');
    expect(['Gray', 'Black']).toContain(pick('#8a8d91'));
    expect(pick('#c0c0c0')).toBe('Gray');
    expect(pick('#4a4a4a')).toBe('Black');
  });

  it('matches tinted products by hue', () => {
    expect(pick('#1f2a44')).toBe('Navy');
    expect(pick('#d9c7a5')).toBe('Champagne');
  });

  it('averages a base-colour texture into the appearance', () => {
    // A white factor on a mid-grey texture looks like a mid-grey factor on no texture.
    const grey: LinearRgb = [0.2, 0.2, 0.2];
    expect(fabricAppearance([1, 1, 1], grey, null)).toEqual(grey);
    expect(colourDifference(grey, fabricAppearance([1, 1, 1], grey, null))).toBe(0);
  });

  it('skips variants without a material', () => {
    expect(nearestAppearance([null, linear('#ff0000')], linear('#00ff00'))).toBe(1);
    expect(nearestAppearance([null], linear('#00ff00'))).toBe(-1);
  });
});
