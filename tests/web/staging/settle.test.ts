// A textile on one of our pieces rests on the host model's real surface, not at the layout's typical height.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { restHeight } from '../../../web/staging/scene/settle';

/** A box of w × h × d metres standing on the floor with its middle at (x, z). */
function box(w: number, h: number, d: number, x = 0, z = 0): THREE.Mesh {
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(w, h, d));
  mesh.position.set(x, h / 2, z);
  mesh.updateMatrixWorld(true);
  return mesh;
}

const throwOn = { x: 0, z: 0, rotationDeg: 0, sizeM: { w: 0.6, d: 0.5, h: 0.05 }, elevationM: 0.45 };

describe('restHeight', () => {
  it('finds a seat lower than the layout thought', () => {
    expect(restHeight(throwOn, box(0.8, 0.38, 0.6))).toBeCloseTo(0.38, 6);
  });

  it('is not lifted by a backrest under its back edge', () => {
    const chair = new THREE.Group();
    chair.add(box(0.8, 0.4, 0.6), box(0.8, 0.9, 0.1, 0, -0.2));
    chair.updateMatrixWorld(true);
    expect(restHeight(throwOn, chair)).toBeCloseTo(0.4, 6);
  });

  it('says nothing when the textile lies mostly beside its host', () => {
    expect(restHeight(throwOn, box(0.3, 0.4, 0.3, 0.5, 0))).toBeNull();
  });
});
