// What mirrors and glass show when the scene has no PMREM environment (the export's default: PMREM costs seconds
// under SwiftShader): a tiny cube map painted on the CPU from the photo's blurred colours, the way
// photoEnvironment.ts paints its sphere, which a mirror reflects through an unlit material; and glass turned from
// transmission (a full-size extra pass that sees only transparent black here) into plain alpha, so the photo
// itself shows through it when the layer is composited.
import * as THREE from 'three';
import { cameraRotation, scaleCamera } from '../../../core/staging/room/camera';
import type { RoomCamera } from '../../../core/staging/room/types';
import { photoAtSize } from './composite';

/** Cube face size: a mirror at staging distance spans a few hundred pixels, and the room in it is soft anyway. */
const FACE = 48;
/** Photo copies sampled: in-frame directions from the sharper, directions outside the frame from the blurrier. */
const SHARP_WIDTH = 128;
const SOFT_WIDTH = 24;
/** Share of the light a silvered mirror reflects. */
const MIRROR_REFLECTANCE = 0.88;
/** How much of the photo a clear glass lets through (its alpha is the rest), before its own tint. */
const GLASS_MIN_ALPHA = 0.18;

/** The photo at `width` px wide (at most its own width), its height in proportion. */
function copyOf(photo: CanvasImageSource & { width: number; height: number }, width: number): ImageData {
  const w = Math.max(1, Math.min(width, photo.width));
  const h = Math.max(1, Math.round((w * photo.height) / photo.width));
  return photoAtSize(photo, w, h).pixels;
}

/** Bilinear sample of a copy at u, v in 0..1, into out (0..255 sRGB). */
function sample(copy: ImageData, u: number, v: number, out: number[]): void {
  const { width: w, height: h } = copy;
  const x = Math.min(w - 1, Math.max(0, u * w - 0.5));
  const y = Math.min(h - 1, Math.max(0, v * h - 0.5));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  for (let c = 0; c < 3; c++) {
    const at = (xx: number, yy: number) => copy.data[(yy * w + xx) * 4 + c]!;
    out[c] =
      (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
  }
}

/** The least share of the lit room's luma a reflection keeps (see photoCubeTexture). */
const DARKEST_REFLECTION = 0.8;

const luma = (rgb: ArrayLike<number>): number => 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!;

/** The mean colour of the brighter half of a copy's pixels: the lit room, without its dark corners. */
function litColour(copy: ImageData): number[] {
  const lumas: number[] = [];
  for (let i = 0; i < copy.data.length; i += 4) lumas.push(luma(copy.data.subarray(i, i + 3)));
  const median = [...lumas].sort((p, q) => p - q)[lumas.length >> 1] ?? 0;
  const sum = [0, 0, 0];
  let n = 0;
  lumas.forEach((l, k) => {
    if (l < median) return;
    for (let c = 0; c < 3; c++) sum[c] += copy.data[k * 4 + c]!;
    n++;
  });
  return sum.map((v) => v / Math.max(1, n));
}

/**
 * GL cube face directions for texel (s, t) in -1..1, t down the image: +X, -X, +Y, -Y, +Z, -Z. three.js looks
 * plain cube textures up with x negated (flipEnvMap), so the face texel for lookup L holds world (-Lx, Ly, Lz).
 */
const FACE_DIRS: ((s: number, t: number) => [number, number, number])[] = [
  (s, t) => [1, -t, -s],
  (s, t) => [-1, -t, s],
  (s, t) => [s, 1, t],
  (s, t) => [s, -1, -t],
  (s, t) => [s, -t, 1],
  (s, t) => [-s, -t, -1],
];

/**
 * The room around the camera as a small sRGB cube texture: each direction seen through the photo's camera; the
 * unseen half as the photo mirrored through the image plane (the wall behind resembles the one ahead), blurrier
 * the further outside the frame, and never much darker than the lit room. Some milliseconds of JS, no GPU pass.
 */
export function photoCubeTexture(
  photo: CanvasImageSource & { width: number; height: number },
  camera: RoomCamera,
): THREE.CubeTexture {
  const sharp = copyOf(photo, SHARP_WIDTH);
  const soft = copyOf(photo, SOFT_WIDTH);
  const scaled = scaleCamera(camera, sharp.width, sharp.height);
  const kx = scaled.focalPx / (sharp.width / 2);
  const ky = scaled.focalPx / (sharp.height / 2);
  const r = cameraRotation(camera);
  const lit = litColour(soft);
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  const faces = FACE_DIRS.map((dirOf) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = FACE;
    const ctx = canvas.getContext('2d')!;
    const image = ctx.createImageData(FACE, FACE);
    for (let y = 0; y < FACE; y++) {
      for (let x = 0; x < FACE; x++) {
        const [lx, ly, lz] = dirOf((2 * (x + 0.5)) / FACE - 1, (2 * (y + 0.5)) / FACE - 1);
        const [dx, dy, dz] = [-lx, ly, lz];
        // Camera space = Rᵀ · world (R row-major world-from-camera); the camera looks down -Z.
        const cx = r[0] * dx + r[3] * dy + r[6] * dz;
        const cy = r[1] * dx + r[4] * dy + r[7] * dz;
        const cz = r[2] * dx + r[5] * dy + r[8] * dz;
        const z = Math.max(Math.abs(cz), 0.15 * Math.hypot(cx, cy, cz));
        const px = (cx * kx) / z;
        const py = (cy * ky) / z;
        const u = Math.min(1, Math.max(-1, px)) * 0.5 + 0.5;
        const v = 0.5 - Math.min(1, Math.max(-1, py)) * 0.5;
        const outside = Math.min(
          1,
          Math.max(0, Math.max(Math.abs(px), Math.abs(py)) - 1) + (cz >= 0 ? 1 : 0),
        );
        sample(sharp, u, v, a);
        sample(soft, u, v, b);
        for (let c = 0; c < 3; c++) a[c] = a[c]! * (1 - outside) + b[c]! * outside;
        // Much darker than the lit room: a dark foreground (a door frame at the photo's edge) that the cube puts
        // at infinity. A mirror on the wall would show the lit room there (a black arch read as a doorway).
        const dark = Math.max(0, 1 - luma(a) / (DARKEST_REFLECTION * luma(lit)));
        const i = (y * FACE + x) * 4;
        for (let c = 0; c < 3; c++) image.data[i + c] = a[c]! * (1 - dark) + lit[c]! * dark;
        image.data[i + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
    return canvas;
  });
  const texture = new THREE.CubeTexture(faces);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.needsUpdate = true;
  return texture;
}

/** A polished metal that only an environment lights: a mirror's silvering, chrome. */
function isMirrorLike(m: THREE.MeshStandardMaterial): boolean {
  return m.metalness >= 0.9 && m.roughness <= 0.2 && !m.metalnessMap;
}

/** Share of its colour a dull metal keeps as metalness without an environment; the rest turns diffuse. */
const DULL_METALNESS = 0.35;
/** The least linear luminance a dull metal's colour keeps: black paint on steel still shows its form. */
const DULL_MIN_LUMINANCE = 0.035;

/**
 * A rough or dark metal (lamp arcs, table legs, handles) without an environment: a metal has no diffuse part,
 * so only the key light's one highlight would light it and it renders as a black hole. Turning most of its
 * metalness into diffuse colour lets the photo's light probe shade it, and a slightly higher roughness widens
 * the key light's highlight, which is how a dull metal looks in a soft-lit room. In place (GLB materials are
 * shared, and the change does not depend on the photo), once per material.
 */
function toDullMetal(m: THREE.MeshStandardMaterial): void {
  if (m.userData.dullMetal) return;
  m.userData.dullMetal = true;
  const keep = DULL_METALNESS / Math.max(DULL_METALNESS, m.metalness);
  m.metalness *= keep;
  m.roughness = Math.max(0.35, m.roughness);
  const luminance = 0.2126 * m.color.r + 0.7152 * m.color.g + 0.0722 * m.color.b;
  if (luminance < DULL_MIN_LUMINANCE) {
    // Scaling keeps a tinted metal's hue; a pure black has none to keep.
    if (luminance > 1e-4) m.color.multiplyScalar(DULL_MIN_LUMINANCE / luminance);
    else m.color.setScalar(DULL_MIN_LUMINANCE);
  }
  m.needsUpdate = true;
}

/** Glass: transmission, which renders black over a transparent layer with no environment. */
function isGlass(m: THREE.Material): m is THREE.MeshPhysicalMaterial {
  return (
    (m as THREE.MeshPhysicalMaterial).isMeshPhysicalMaterial === true &&
    (m as THREE.MeshPhysicalMaterial).transmission > 0
  );
}

/**
 * Turns transmissive glass into alpha glass in place. GLB materials are shared by every piece of the product,
 * and the change does not depend on the photo, so doing it once per material is enough (and idempotent).
 */
function toAlphaGlass(m: THREE.MeshPhysicalMaterial): void {
  if (m.userData.alphaGlass) return;
  const through = m.transmission * (1 - 0.5 * m.roughness);
  m.userData.alphaGlass = true;
  m.transmission = 0;
  m.transparent = true;
  m.opacity = Math.max(GLASS_MIN_ALPHA, m.opacity * (1 - through));
  // Inner parts (the flowers in a vase, the candle in its holder) must show through the glass.
  m.depthWrite = false;
  m.needsUpdate = true;
}

/**
 * Adapts a piece's materials for a scene without an environment map: mirror-like metals reflect `cube` through
 * an unlit material, glass turns into alpha glass and casts no shadow (a clear glass's shadow is faint).
 * Returns the materials it replaced (the caller disposes them when they are not shared) and those it made.
 */
export function adaptForNoEnvironment(
  root: THREE.Object3D,
  cube: THREE.CubeTexture,
): { replaced: THREE.Material[]; created: THREE.Material[] } {
  const replaced: THREE.Material[] = [];
  const created: THREE.Material[] = [];
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    const list = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    const next = list.map((m) => {
      if (isGlass(m)) {
        toAlphaGlass(m);
        mesh.castShadow = false;
        return m;
      }
      const standard = m as THREE.MeshStandardMaterial;
      if (!standard.isMeshStandardMaterial) return m;
      if (!isMirrorLike(standard)) {
        if (standard.metalness > DULL_METALNESS || standard.metalnessMap) toDullMetal(standard);
        return m;
      }
      const mirror = new THREE.MeshBasicMaterial({
        color: standard.color.clone().multiplyScalar(MIRROR_REFLECTANCE),
        envMap: cube,
        combine: THREE.MultiplyOperation,
        reflectivity: 1,
        side: standard.side,
      });
      mirror.name = `${standard.name || 'metal'}:photoReflection`;
      mirror.userData = { ...standard.userData };
      replaced.push(m);
      created.push(mirror);
      return mirror;
    });
    mesh.material = Array.isArray(mesh.material) ? next : next[0]!;
  });
  return { replaced, created };
}
