// Parametric furniture: every category builds a model whose bounds are exactly its size (centred, bottom at 0),
// dressed only in PBR materials, in the product's colour, within the triangle budget, and the same every time.
import * as THREE from 'three';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../core/staging/categories';
import type { CategoryId } from '../../../core/staging/types';
import {
  buildParametricModel,
  disposeParametricModel,
  type ParametricSpec,
} from '../../../web/staging/scene/parametric';
import { materialKindOf } from '../../../web/staging/scene/parametric/materials';
import { disposeParametricCache } from '../../../web/staging/scene/parametric/textures';

const TOLERANCE_M = 0.01;
const TRIANGLE_BUDGET = 20_000;
const STYLES = ['modern', 'classic', 'minimal', 'cozy'] as const;

/** A plausible material description per category, so each builder runs its usual path. */
const MATERIAL: Partial<Record<CategoryId, string>> = {
  sofa: 'Webstoff grau',
  armchair: 'Samt smaragdgrün',
  bed: 'Leinen natur',
  rug: 'Wolle',
  outdoorRug: 'Polypropylen',
  floorLamp: 'Metall schwarz',
  tableLamp: 'Keramik',
  pendant: 'Messing',
  plant: 'Keramik matt',
  planter: 'Beton',
  vase: 'Steingut glasiert',
  mirror: 'Metall gold',
  artwork: 'Kunstdruck, Rahmen Eiche',
  cushions: 'Samt',
  throw: 'Baumwolle Strick',
  towels: 'Baumwolle Frottee',
  bathMat: 'Baumwolle',
  bedLinen: 'Leinen',
  laundryBasket: 'Seegras',
  bistroSet: 'Metall',
  lounger: 'Akazie',
  lantern: 'Metall',
  officeChair: 'Webstoff',
};

function specFor(id: CategoryId, style: (typeof STYLES)[number], scale = 1): ParametricSpec {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category) throw new Error(id);
  const { w, d, h } = category.dimensions;
  return {
    category: id,
    sizeCm: { w: w * scale, d: d * (scale === 1 ? 1 : 1.1), h: h * scale },
    colors: ['#4f6d7a', '#c9a77c', '#e8e0d0'],
    material: MATERIAL[id] ?? 'Eiche massiv, geölt',
    style,
  };
}

function meshes(root: THREE.Object3D): THREE.Mesh[] {
  const out: THREE.Mesh[] = [];
  root.traverse((o) => {
    if (o instanceof THREE.Mesh) out.push(o);
  });
  return out;
}

function triangles(root: THREE.Object3D): number {
  return meshes(root).reduce((sum, m) => {
    const g = m.geometry;
    return sum + (g.index ? g.index.count : g.getAttribute('position').count) / 3;
  }, 0);
}

/** Share of a colour texture's pixels within a small distance of the hex colour. */
function shareOfColour(texture: THREE.Texture, hex: string): number {
  const data = (texture.image as { data: Uint8Array }).data;
  const target = new THREE.Color(hex).getHex();
  const [r, g, b] = [(target >> 16) & 255, (target >> 8) & 255, target & 255];
  let hits = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b) <
      40
    )
      hits++;
  }
  return hits / (data.length / 4);
}

afterAll(() => disposeParametricCache());

describe('buildParametricModel', () => {
  for (const category of CATEGORIES) {
    it(`${category.id}: fits its size, PBR materials, main colour, triangle budget`, () => {
      for (const style of STYLES) {
        for (const scale of [1, 0.8, 1.25]) {
          const spec = specFor(category.id, style, scale);
          const model = buildParametricModel(spec);
          model.updateMatrixWorld(true);
          const box = new THREE.Box3().setFromObject(model, true);
          const size = box.getSize(new THREE.Vector3());
          const label = `${category.id}/${style}/${scale}`;
          expect(Math.abs(size.x - spec.sizeCm.w / 100), `${label} width`).toBeLessThan(TOLERANCE_M);
          expect(Math.abs(size.y - spec.sizeCm.h / 100), `${label} height`).toBeLessThan(TOLERANCE_M);
          expect(Math.abs(size.z - spec.sizeCm.d / 100), `${label} depth`).toBeLessThan(TOLERANCE_M);
          expect(Math.abs(box.min.y), `${label} bottom`).toBeLessThan(0.001);
          expect(Math.abs(box.min.x + box.max.x), `${label} centred x`).toBeLessThan(0.002);
          expect(Math.abs(box.min.z + box.max.z), `${label} centred z`).toBeLessThan(0.002);
          const all = meshes(model);
          expect(all.length).toBeGreaterThan(0);
          for (const mesh of all) {
            expect(mesh.material, `${label} ${mesh.name}`).toBeInstanceOf(THREE.MeshStandardMaterial);
            const g = mesh.geometry.getAttribute('position');
            for (let i = 0; i < g.count; i += 97)
              expect(Number.isFinite(g.getX(i) + g.getY(i) + g.getZ(i))).toBe(true);
          }
          const main = all
            .map((m) => m.material as THREE.MeshStandardMaterial)
            .filter((m) => m.userData.role === 'main');
          expect(main.length, `${label} has a main material`).toBeGreaterThan(0);
          for (const m of main) {
            if (m.userData.patterned) {
              expect(m.map).toBeTruthy();
              if (m.map)
                expect(shareOfColour(m.map, spec.colors[0] ?? ''), `${label} pattern colour`).toBeGreaterThan(
                  0.2,
                );
            } else {
              expect(`#${m.color.getHexString()}`, `${label} main colour`).toBe(spec.colors[0]);
            }
          }
          expect(triangles(model), `${label} triangles`).toBeLessThanOrEqual(TRIANGLE_BUDGET);
          disposeParametricModel(model);
        }
      }
    });
  }

  it('is deterministic: the same spec gives the same geometry', () => {
    for (const category of CATEGORIES) {
      const spec = specFor(category.id, 'cozy');
      const a = meshes(buildParametricModel(spec));
      const b = meshes(buildParametricModel(spec));
      expect(a.length).toBe(b.length);
      a.forEach((mesh, i) => {
        const other = b[i];
        expect(other).toBeDefined();
        const pa = mesh.geometry.getAttribute('position').array;
        const pb = other?.geometry.getAttribute('position').array ?? [];
        expect(Array.from(pa)).toEqual(Array.from(pb));
      });
    }
  });

  it('reads the kind of material from German descriptions', () => {
    expect(materialKindOf('Eiche massiv, geölt')).toBe('wood');
    expect(materialKindOf('Webstoff grau')).toBe('fabric');
    expect(materialKindOf('Samt smaragdgrün')).toBe('velvet');
    expect(materialKindOf('Leinen natur')).toBe('fabric');
    expect(materialKindOf('Metall schwarz')).toBe('metal');
    expect(materialKindOf('Bouclé creme')).toBe('boucle');
    expect(materialKindOf('Ton natur')).toBe('ceramic');
    expect(materialKindOf('Beton grau')).toBe('stone');
    expect(materialKindOf('MDF weiß lackiert')).toBe('lacquer');
    expect(materialKindOf('Nussbaum mit Messinggriffen')).toBe('wood');
    expect(materialKindOf('Rattan')).toBe('rattan');
    expect(materialKindOf('Glas klar')).toBe('glass');
    expect(materialKindOf('unbekannt')).toBeUndefined();
  });

  it('uses sheen for velvet, clearcoat for lacquer and bare metal for brass', () => {
    const velvet = buildParametricModel({ ...specFor('armchair', 'modern'), material: 'Samt grün' });
    const cover = meshes(velvet).find((m) => m.name === 'arm')?.material as THREE.MeshPhysicalMaterial;
    expect(cover.sheen).toBeGreaterThan(0.5);
    const lacquer = buildParametricModel({
      ...specFor('sideboard', 'classic'),
      material: 'MDF weiß lackiert',
    });
    const carcass = meshes(lacquer).find((m) => m.name === 'carcass')?.material as THREE.MeshPhysicalMaterial;
    expect(carcass.clearcoat).toBeGreaterThan(0.5);
    const brass = buildParametricModel({
      ...specFor('pendant', 'modern'),
      colors: ['#b08d57'],
      material: 'Messing',
    });
    const shell = meshes(brass).find((m) => m.name === 'shade')?.material as THREE.MeshStandardMaterial;
    expect(shell.metalness).toBe(1);
  });
});
