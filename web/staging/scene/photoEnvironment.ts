// The environment light taken from the photo itself: the photo painted on the inside of a sphere around the
// camera through the camera's own projection (seen directions as photographed, the unseen half as the photo's
// mirror image, both blurrier the further outside the frame), bright pixels expanded towards the HDR they were
// clipped from, then prefiltered by PMREM. The pieces thus take the room's colour cast and brightness.
import * as THREE from 'three';
import { cameraPosition, cameraRotation, scaleCamera } from '../../../core/staging/room/camera';
import type { RoomCamera } from '../../../core/staging/room/types';

/** Width of the photo copy the environment samples; lighting needs no detail and PMREM blurs it anyway. */
const ENV_PHOTO_WIDTH = 512;

const vertexShader = /* glsl */ `
  varying vec3 vDir;
  void main() {
    vDir = position;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  }
`;

const fragmentShader = /* glsl */ `
  uniform sampler2D photo;
  uniform mat3 cameraFromWorld;
  uniform vec2 focal;      // focal length over half the width and half the height
  uniform float hdrGain;   // how far a clipped white is pushed above 1
  uniform float maxLod;
  varying vec3 vDir;
  void main() {
    vec3 c = cameraFromWorld * normalize(vDir);
    // Behind the camera the photo is mirrored through the image plane: the unseen wall resembles the seen one.
    float z = max(abs(c.z), 0.15);
    vec2 p = c.xy * focal / z;
    float outside = max(0.0, max(abs(p.x), abs(p.y)) - 1.0) + step(0.0, c.z);
    vec2 uv = clamp(p, -1.0, 1.0) * 0.5 + 0.5;
    vec3 col = textureLod(photo, uv, min(maxLod, 1.5 + 3.0 * outside)).rgb;
    float l = dot(col, vec3(0.2126, 0.7152, 0.0722));
    col *= 1.0 + hdrGain * smoothstep(0.6, 1.0, l);
    gl_FragColor = vec4(col, 1.0);
  }
`;

export interface PhotoEnvironment {
  texture: THREE.Texture;
  dispose(): void;
}

/** A small sRGB copy of the photo with mipmaps for the environment shader. */
function photoTexture(photo: CanvasImageSource & { width: number; height: number }): THREE.CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = Math.min(ENV_PHOTO_WIDTH, photo.width);
  canvas.height = Math.max(1, Math.round((canvas.width * photo.height) / photo.width));
  canvas.getContext('2d')!.drawImage(photo, 0, 0, canvas.width, canvas.height);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  texture.generateMipmaps = true;
  return texture;
}

/**
 * Builds the PMREM environment from the photo. `size` is the cube face size PMREM renders (128 is plenty for
 * diffuse and rough fabrics; 256 for glossier pieces).
 */
export function buildPhotoEnvironment(
  renderer: THREE.WebGLRenderer,
  photo: CanvasImageSource & { width: number; height: number },
  camera: RoomCamera,
  options: { size?: number; hdrGain?: number } = {},
): PhotoEnvironment {
  const texture = photoTexture(photo);
  const scaled = scaleCamera(camera, photo.width, photo.height);
  const r = cameraRotation(camera);
  // Row-major world-from-camera; Matrix3.set takes row-major, and its transpose is camera-from-world.
  const cameraFromWorld = new THREE.Matrix3()
    .set(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])
    .transpose();
  const material = new THREE.ShaderMaterial({
    vertexShader,
    fragmentShader,
    side: THREE.BackSide,
    depthWrite: false,
    uniforms: {
      photo: { value: texture },
      cameraFromWorld: { value: cameraFromWorld },
      focal: {
        value: new THREE.Vector2(scaled.focalPx / (photo.width / 2), scaled.focalPx / (photo.height / 2)),
      },
      hdrGain: { value: options.hdrGain ?? 3 },
      maxLod: { value: Math.log2(Math.max(texture.image.width, texture.image.height)) - 2 },
    },
  });
  const sphere = new THREE.Mesh(new THREE.SphereGeometry(10, 64, 32), material);
  const eye = cameraPosition(camera);
  sphere.position.set(eye.x, eye.y, eye.z);
  const envScene = new THREE.Scene();
  envScene.add(sphere);
  const pmrem = new THREE.PMREMGenerator(renderer);
  const target = pmrem.fromScene(envScene, 0.01, 0.1, 50, {
    size: options.size ?? 128,
    position: new THREE.Vector3(eye.x, eye.y, eye.z),
  });
  pmrem.dispose();
  sphere.geometry.dispose();
  material.dispose();
  texture.dispose();
  return {
    texture: target.texture,
    dispose: () => target.dispose(),
  };
}

/** Width of the photo copy the light probe samples. */
const PROBE_PHOTO_WIDTH = 96;

/**
 * The same photo sphere as spherical harmonics, projected on the CPU: the diffuse half of the environment with
 * no GPU work at all. PMREM's shaders cost seconds to compile under a software renderer, so the export on a
 * device without a GPU uses this; fabrics and wood are rough enough that the missing glossy reflection is rarely
 * seen.
 */
export function buildPhotoLightProbe(
  photo: CanvasImageSource & { width: number; height: number },
  camera: RoomCamera,
  options: { hdrGain?: number } = {},
): THREE.LightProbe {
  const w = Math.min(PROBE_PHOTO_WIDTH, photo.width);
  const h = Math.max(1, Math.round((w * photo.height) / photo.width));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(photo, 0, 0, w, h);
  const px = ctx.getImageData(0, 0, w, h).data;
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const scaled = scaleCamera(camera, w, h);
  const kx = scaled.focalPx / (w / 2);
  const ky = scaled.focalPx / (h / 2);
  const r = cameraRotation(camera);
  const gain = options.hdrGain ?? 3;
  const sh = new THREE.SphericalHarmonics3();
  const basis = Array.from({ length: 9 }, () => 0);
  const dir = new THREE.Vector3();
  const colour = new THREE.Color();
  const ROWS = 32;
  const COLS = 64;
  let total = 0;
  for (let i = 0; i < ROWS; i++) {
    const theta = ((i + 0.5) / ROWS) * Math.PI;
    const weight = Math.sin(theta);
    for (let j = 0; j < COLS; j++) {
      const phi = ((j + 0.5) / COLS) * 2 * Math.PI;
      dir.set(Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi));
      // Camera space = Rᵀ · world (R row-major world-from-camera).
      const cx = r[0] * dir.x + r[3] * dir.y + r[6] * dir.z;
      const cy = r[1] * dir.x + r[4] * dir.y + r[7] * dir.z;
      const cz = r[2] * dir.x + r[5] * dir.y + r[8] * dir.z;
      const z = Math.max(Math.abs(cz), 0.15);
      const u = Math.min(1, Math.max(-1, (cx * kx) / z)) * 0.5 + 0.5;
      const v = 0.5 - Math.min(1, Math.max(-1, (cy * ky) / z)) * 0.5;
      const k = (Math.min(h - 1, Math.floor(v * h)) * w + Math.min(w - 1, Math.floor(u * w))) * 4;
      colour.setRGB(lin(px[k]!), lin(px[k + 1]!), lin(px[k + 2]!));
      const l = 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b;
      const t = Math.min(1, Math.max(0, (l - 0.6) / 0.4));
      colour.multiplyScalar(1 + gain * t * t * (3 - 2 * t));
      THREE.SphericalHarmonics3.getBasisAt(dir, basis);
      for (let b = 0; b < 9; b++) {
        sh.coefficients[b]!.x += basis[b]! * colour.r * weight;
        sh.coefficients[b]!.y += basis[b]! * colour.g * weight;
        sh.coefficients[b]!.z += basis[b]! * colour.b * weight;
      }
      total += weight;
    }
  }
  const norm = (4 * Math.PI) / total;
  for (const c of sh.coefficients) c.multiplyScalar(norm);
  return new THREE.LightProbe(sh);
}
