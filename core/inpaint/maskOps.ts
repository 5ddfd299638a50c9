// Operations on binary masks (Uint8Array, one byte per pixel, non-zero = selected) shared by the fill and the
// clutter masks: connected components with their boxes, and a round dilation that grows a mask by a radius.

/** A rectangle in pixels: x, y of the top-left pixel and its size. */
export interface PixelRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MaskComponent {
  box: PixelRegion;
  /** Number of pixels in the component. */
  area: number;
}

/** The 8-connected components of a mask with their bounding boxes, in scan order of their first pixel. */
export function maskComponents(mask: Uint8Array, width: number, height: number): MaskComponent[] {
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const components: MaskComponent[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let minX = width, minY = height, maxX = -1, maxY = -1, area = 0; // prettier-ignore
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      area++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    components.push({ box: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 }, area });
  }
  return components;
}

/**
 * The mask grown by `radius` pixels with a chamfer (3-4) distance, which is round to within ~8 %: a square
 * dilation would turn every object into a box and remove more of the room than needed.
 */
export function dilateMask(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(width * height);
  if (radius <= 0) {
    for (let i = 0; i < out.length; i++) out[i] = mask[i] ? 1 : 0;
    return out;
  }
  const distance = chamferDistance(mask, width, height);
  const limit = radius * 3;
  for (let i = 0; i < out.length; i++) out[i] = distance[i] <= limit ? 1 : 0;
  return out;
}

/** Chamfer distance to the nearest selected pixel in thirds of a pixel (3 per straight, 4 per diagonal step). */
export function chamferDistance(mask: Uint8Array, width: number, height: number): Int32Array {
  const far = 1 << 29;
  const d = new Int32Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? 0 : far;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let v = d[i];
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1] + 3);
      if (y > 0) {
        const up = i - width;
        v = Math.min(v, d[up] + 3);
        if (x > 0) v = Math.min(v, d[up - 1] + 4);
        if (x < width - 1) v = Math.min(v, d[up + 1] + 4);
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let v = d[i];
      if (v === 0) continue;
      if (x < width - 1) v = Math.min(v, d[i + 1] + 3);
      if (y < height - 1) {
        const down = i + width;
        v = Math.min(v, d[down] + 3);
        if (x < width - 1) v = Math.min(v, d[down + 1] + 4);
        if (x > 0) v = Math.min(v, d[down - 1] + 4);
      }
      d[i] = v;
    }
  }
  return d;
}

/** Pixels selected in the mask. */
export function maskArea(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++;
  return n;
}
