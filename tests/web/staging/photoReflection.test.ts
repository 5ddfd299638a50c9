// Materials without an environment map: dull metals (lamp arcs, table legs) turn mostly diffuse so the photo's
// light probe shades them instead of leaving a black hole; mirrors keep their photo reflection; non-metals stay.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { adaptForNoEnvironment } from '../../../web/staging/scene/photoReflection';

function meshOf(material: THREE.Material): THREE.Mesh {
  return new THREE.Mesh(new THREE.BoxGeometry(), material);
}

describe('adaptForNoEnvironment', () => {
  it('turns a black rough metal into a dark diffuse one with a broad highlight', () => {
    const metal = new THREE.MeshStandardMaterial({ color: 0x000000, metalness: 1, roughness: 0.25 });
    adaptForNoEnvironment(meshOf(metal), new THREE.CubeTexture());
    expect(metal.metalness).toBeLessThanOrEqual(0.35);
    expect(metal.roughness).toBeGreaterThanOrEqual(0.35);
    const luminance = 0.2126 * metal.color.r + 0.7152 * metal.color.g + 0.0722 * metal.color.b;
    expect(luminance).toBeGreaterThan(0.03);
    expect(luminance).toBeLessThan(0.1);
  });

  it('adapts a shared material once, however many pieces use it', () => {
    const metal = new THREE.MeshStandardMaterial({ color: 0x202020, metalness: 0.9, roughness: 0.5 });
    adaptForNoEnvironment(meshOf(metal), new THREE.CubeTexture());
    const once = { metalness: metal.metalness, hex: metal.color.getHex() };
    adaptForNoEnvironment(meshOf(metal), new THREE.CubeTexture());
    expect({ metalness: metal.metalness, hex: metal.color.getHex() }).toEqual(once);
  });

  it('keeps a tinted metal its hue', () => {
    const brass = new THREE.MeshStandardMaterial({ color: 0x0a0600, metalness: 1, roughness: 0.4 });
    const before = brass.color.getHSL({ h: 0, s: 0, l: 0 }).h;
    adaptForNoEnvironment(meshOf(brass), new THREE.CubeTexture());
    expect(brass.color.getHSL({ h: 0, s: 0, l: 0 }).h).toBeCloseTo(before, 2);
  });

  it('replaces a mirror with the photo reflection and leaves wood alone', () => {
    const mirror = new THREE.MeshStandardMaterial({ metalness: 1, roughness: 0.05 });
    const wood = new THREE.MeshStandardMaterial({ color: 0x8a6a4a, metalness: 0, roughness: 0.7 });
    const root = new THREE.Group().add(meshOf(mirror), meshOf(wood));
    const { replaced, created } = adaptForNoEnvironment(root, new THREE.CubeTexture());
    expect(replaced).toEqual([mirror]);
    expect(created[0]).toBeInstanceOf(THREE.MeshBasicMaterial);
    expect(wood.metalness).toBe(0);
    expect(wood.roughness).toBe(0.7);
  });
});
