// Each piece's pixel box in the output, from the pixels it really covers (after occlusion): one flat-colour pass
// with every piece in its own index colour, read back and scanned. Drawn at half size, which is plenty for boxes,
// and only for the part of the output the main render drew (the camera's view offset is still set for it).
import * as THREE from 'three';
import type { PixelRect, StagingScene } from './stagingScene';
import type { PixelBox } from './types';

const BOX_PASS_SCALE = 0.5;

export function pieceBoxes(
  renderer: THREE.WebGLRenderer,
  staging: StagingScene,
  rect: PixelRect,
): Record<string, PixelBox> {
  const [rx, ry, width, height] = rect;
  const w = Math.max(1, Math.round(width * BOX_PASS_SCALE));
  const h = Math.max(1, Math.round(height * BOX_PASS_SCALE));
  const target = new THREE.WebGLRenderTarget(w, h);
  const keys: string[] = [];
  const saved = new Map<THREE.Mesh, THREE.Material | THREE.Material[]>();
  const flat: THREE.Material[] = [];
  for (const object of staging.pieceObjects()) {
    keys.push(object.name);
    // Index + 1 in red, linear and untouched by tone mapping, so it reads back exactly.
    const material = new THREE.MeshBasicMaterial({ toneMapped: false });
    material.color.setRGB(keys.length / 255, 0, 0, THREE.LinearSRGBColorSpace);
    flat.push(material);
    object.traverse((o) => {
      const mesh = o as THREE.Mesh;
      if (!mesh.isMesh) return;
      saved.set(mesh, mesh.material);
      mesh.material = material;
    });
  }
  const autoUpdate = renderer.shadowMap.autoUpdate;
  const toneMapping = renderer.toneMapping;
  renderer.shadowMap.autoUpdate = false;
  renderer.toneMapping = THREE.NoToneMapping;
  staging.setCatchersVisible(false);
  const background = staging.scene.environment;
  staging.scene.environment = null;
  renderer.setRenderTarget(target);
  renderer.clear();
  renderer.render(staging.scene, staging.camera);
  const pixels = new Uint8Array(w * h * 4);
  renderer.readRenderTargetPixels(target, 0, 0, w, h, pixels);
  renderer.setRenderTarget(null);
  staging.scene.environment = background;
  staging.setCatchersVisible(true);
  renderer.shadowMap.autoUpdate = autoUpdate;
  renderer.toneMapping = toneMapping;
  for (const [mesh, material] of saved) mesh.material = material;
  for (const m of flat) m.dispose();
  target.dispose();

  const box = keys.map(() => [Infinity, Infinity, -Infinity, -Infinity]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 4;
      const index = pixels[j]! - 1;
      const b = pixels[j + 3] ? box[index] : undefined;
      if (!b) continue;
      // readPixels rows run bottom-up.
      const row = h - 1 - y;
      b[0] = Math.min(b[0]!, x);
      b[1] = Math.min(b[1]!, row);
      b[2] = Math.max(b[2]!, x + 1);
      b[3] = Math.max(b[3]!, row + 1);
    }
  }
  const out: Record<string, PixelBox> = {};
  keys.forEach((key, i) => {
    const [x0, y0, x1, y1] = box[i]!;
    if (!Number.isFinite(x0!)) return;
    const sx = width / w;
    const sy = height / h;
    const x = Math.floor(x0! * sx);
    const y = Math.floor(y0! * sy);
    const bw = Math.min(width, Math.ceil(x1! * sx)) - x;
    out[key] = [rx + x, ry + y, bw, Math.min(height, Math.ceil(y1! * sy)) - y];
  });
  return out;
}
