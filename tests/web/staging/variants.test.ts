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

/**
 * glam-velvet-sofa.glb's KHR_materials_variants fabrics as three.js loads them: [name, colour, sheenColor], sRGB
 * hex (Color.getHexString). The old match took the linear colour for sRGB twice over, and Champagne won grey.
 */
const SOFA: [string, string, string][] = [
  ['Champagne', '#4d4538', '#f3dacb'],
  ['Navy', '#191919', '#3f73bc'],
  ['Gray', '#898982', '#edf3ff'],
  ['Black', '#191919', '#616165'],
  ['Pale Pink', '#e2c0c2', '#fff3f3'],
];
const sofa = SOFA.map(([, base, sheen]) => fabricAppearance(linear(base), null, linear(sheen)));
const pick = (hex: string) => SOFA[nearestAppearance(sofa, linear(hex))]![0];

describe('fabric variant choice', () => {
  it('gives a grey product a neutral fabric, never Champagne', () => {
    expect(pick('#8a8d91')).toBe('Gray');
    expect(pick('#c0c0c0')).toBe('Gray');
    expect(pick('#4a4a4a')).toBe('Black');
  });

  it('matches tinted products by hue', () => {
    expect(pick('#1f2a44')).toBe('Navy');
    expect(pick('#8c7b62')).toBe('Champagne');
    expect(pick('#e8b4b8')).toBe('Pale Pink');
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
