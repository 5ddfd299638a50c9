// What the photo adds to the stager's rules: a standing piece never hides a window as the picture shows it (a
// rug may lie in front of one), and a piece may stand with its back to a far wall although the seen floor's
// edge stops short of the wall's fitted foot by the rows the label map resolves there; nothing stands with its
// foot hidden behind one of our pieces, and a lamp on a top is judged where it stands.
import { describe, expect, it } from 'vitest';
import { layoutRoom } from '../../../core/staging/layout/layout';
import { canStand, coversOpening, makeScene } from '../../../core/staging/layout/constraints';
import { FLOOR, WALL, WINDOWPANE } from '../../../core/staging/room/labels';
import type { GrayImage } from '../../../core/staging/room/lineSegments';
import type { LabelMap } from '../../../core/staging/room/types';
import { boxRoom, camera, pieceOf, product, rect, visibleFloor } from './layoutRooms';

const filled = (id: number): LabelMap => ({
  width: 64,
  height: 48,
  labels: new Uint8Array(64 * 48).fill(id),
});
const flatGray = (labels: LabelMap): GrayImage => ({
  width: labels.width,
  height: labels.height,
  data: new Float32Array(labels.width * labels.height).fill(128),
});
const photo = (id: number) => ({ labels: filled(id), gray: flatGray(filled(id)) });

describe('layoutRoom with the photo: windows as the picture shows them', () => {
  const room = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3] });

  it.each([
    ['floor', FLOOR, true],
    ['a window', WINDOWPANE, false],
  ] as const)('stands a plant where the photo shows %s behind it: %s', (_name, id, placed) => {
    const result = layoutRoom(room, [product('plant')], photo(id));
    expect(result.pieces.some((p) => p.category === 'plant')).toBe(placed);
  });
});

describe('layoutRoom: the seen floor stopping short of a far wall', () => {
  // 256 px wide, as a small listing photo is analysed: at 6 m one label row spans about 13 cm of floor.
  const cam = camera({ width: 256, height: 192, focalPx: 170, pitchDeg: 0, heightM: 1.4 });
  const roomSeenTo = (z0: number) => ({
    ...boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3], cam, walls: ['back'] }),
    floor: visibleFloor(cam, rect(-2.5, 2.5, z0, 0.3)),
  });

  it('puts the sofa against the back wall when the floor is seen to 20 cm from it', () => {
    const sofa = pieceOf(layoutRoom(roomSeenTo(-5.8), [product('sofa')]), 'sofa#0');
    expect(sofa.z - sofa.sizeM.d / 2).toBeCloseTo(-6, 6);
  });

  it('does not when a metre of floor in front of the wall is unseen', () => {
    const result = layoutRoom(roomSeenTo(-5), [product('sofa')]);
    expect(result.pieces.filter((p) => p.z - p.sizeM.d / 2 < -5.5)).toEqual([]);
  });
});

describe('canStand: nothing stands with its foot hidden behind one of ours', () => {
  const room = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3] });
  const scene = makeScene(room, photo(FLOOR));
  // An armchair standing free in the room, facing the camera.
  scene.placed.push({ ...pieceOf(layoutRoom(room, [product('armchair')]), 'armchair#0'), x: 0, z: -3 });
  const chair = scene.placed[0]!;
  const plant = (x: number) => ({
    key: 'plant#0',
    category: 'plant' as const,
    x,
    z: chair.z - 1.6,
    rotationDeg: 0,
    sizeM: product('plant').sizeM,
  });

  it.each([
    ['right behind the armchair, as the camera sees it', chair.x, false],
    ['well beside it', chair.x + 1.5, true],
  ])('stands a plant %s: %s', (_name, x, stands) => {
    expect(canStand(scene, plant(x))).toBe(stands);
  });
});

describe('layoutRoom: a picture only where the wall is plain in the photo', () => {
  const room = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3] });
  const wall = filled(WALL);
  // A thin post or a lamp's stem in front of the wall: the classes say wall, the grey levels do not.
  const striped: GrayImage = {
    width: wall.width,
    height: wall.height,
    data: Float32Array.from({ length: wall.width * wall.height }, (_, i) => (i % 4 < 2 ? 60 : 200)),
  };

  it.each([
    ['plain', flatGray(wall), true],
    ['broken by things in front of it', striped, false],
  ] as const)('hangs the artwork on a wall the photo shows %s: %s', (_name, gray, hangs) => {
    const result = layoutRoom(room, [product('artwork')], { labels: wall, gray });
    expect(result.pieces.some((p) => p.category === 'artwork')).toBe(hangs);
  });
});

describe('coversOpening: what stands on a top is judged where it stands', () => {
  // A window in the picture's upper half, floor in its lower half: the camera is level at 1.5 m, so the window
  // is what lies above eye height.
  const cam = camera({ pitchDeg: 0 });
  const room = boxRoom({ x: [-2.5, 2.5], z: [-6, 0.3], cam });
  const labels: LabelMap = { width: 64, height: 48, labels: new Uint8Array(64 * 48).fill(FLOOR) };
  labels.labels.fill(WINDOWPANE, 0, 64 * 24);
  const scene = makeScene(room, { labels, gray: flatGray(labels) });
  const lamp = { x: 0, z: -4, rotationDeg: 0, sizeM: { w: 0.3, d: 0.3, h: 0.5 } };

  it.each([
    ['on the floor', 0, false],
    ['on a sideboard', 0.8, false],
    ['on a tall cabinet, rising past eye height', 1.2, true],
  ] as const)('a lamp %s: %s', (_name, elevationM, covers) => {
    expect(coversOpening(scene, lamp, elevationM)).toBe(covers);
  });
});
