// Procedural textures for the parametric furniture: wood grain, fabric weaves, knits, rattan, rug patterns and
// abstract art, drawn into typed arrays as THREE.DataTexture (no canvas, so they build in workers and in Node).
// Textures are cached by (kind, colours) so that a room of pieces shares them; disposeParametricCache() frees them.
import * as THREE from 'three';

/** Power of two, so mipmaps work everywhere; 256² keeps a full set of textures well under 10 MB. */
const SIZE = 256;

const cache = new Map<string, THREE.DataTexture>();

/** Frees every cached texture; pieces built afterwards draw fresh ones. */
export function disposeParametricCache(): void {
  for (const texture of cache.values()) texture.dispose();
  cache.clear();
}

type Usage = 'color' | 'data';

function cached(key: string, usage: Usage, draw: (pixels: Uint8Array) => void): THREE.DataTexture {
  const hit = cache.get(key);
  if (hit) return hit;
  const pixels = new Uint8Array(SIZE * SIZE * 4);
  draw(pixels);
  const texture = new THREE.DataTexture(pixels, SIZE, SIZE, THREE.RGBAFormat);
  texture.name = `parametric:${key}`;
  texture.wrapS = THREE.RepeatWrapping;
  texture.wrapT = THREE.RepeatWrapping;
  texture.magFilter = THREE.LinearFilter;
  texture.minFilter = THREE.LinearMipmapLinearFilter;
  texture.generateMipmaps = true;
  texture.anisotropy = 4;
  texture.colorSpace = usage === 'color' ? THREE.SRGBColorSpace : THREE.NoColorSpace;
  texture.needsUpdate = true;
  cache.set(key, texture);
  return texture;
}

// ---------------------------------------------------------------------------------------------------------------
// Noise: integer hashing, so the same key always draws the same texture (no Math.random anywhere).

function hash(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

const smooth = (t: number): number => t * t * (3 - 2 * t);

/** Value noise that tiles with the given integer period (so every texture repeats seamlessly). */
function tileNoise(u: number, v: number, period: number, seed: number): number {
  const x = u * period;
  const y = v * period;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = smooth(x - x0);
  const fy = smooth(y - y0);
  const m = (n: number): number => ((n % period) + period) % period;
  const a = hash(m(x0), m(y0), seed);
  const b = hash(m(x0 + 1), m(y0), seed);
  const c = hash(m(x0), m(y0 + 1), seed);
  const d = hash(m(x0 + 1), m(y0 + 1), seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

function fbm(u: number, v: number, basePeriod: number, octaves: number, seed: number): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * tileNoise(u, v, basePeriod << o, seed + o * 17);
    norm += amp;
    amp *= 0.5;
  }
  return sum / norm;
}

// ---------------------------------------------------------------------------------------------------------------
// Writers.

type Field = (u: number, v: number) => number;

function forEachPixel(write: (i: number, u: number, v: number) => void): void {
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) write((y * SIZE + x) * 4, (x + 0.5) / SIZE, (y + 0.5) / SIZE);
  }
}

const byte = (value: number): number => Math.max(0, Math.min(255, Math.round(value * 255)));

function writeGray(pixels: Uint8Array, field: Field): void {
  forEachPixel((i, u, v) => {
    const g = byte(field(u, v));
    pixels[i] = g;
    pixels[i + 1] = g;
    pixels[i + 2] = g;
    pixels[i + 3] = 255;
  });
}

/** Tangent-space normal map from a height field by central differences; strength scales the slopes. */
function writeNormals(pixels: Uint8Array, height: Field, strength: number): void {
  const heights = new Float32Array(SIZE * SIZE);
  forEachPixel((i, u, v) => {
    heights[i / 4] = height(u, v);
  });
  const at = (x: number, y: number): number => heights[((y + SIZE) % SIZE) * SIZE + ((x + SIZE) % SIZE)] ?? 0;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const dx = (at(x + 1, y) - at(x - 1, y)) * strength;
      const dy = (at(x, y + 1) - at(x, y - 1)) * strength;
      const len = Math.hypot(dx, dy, 1);
      const i = (y * SIZE + x) * 4;
      pixels[i] = byte((-dx / len) * 0.5 + 0.5);
      pixels[i + 1] = byte((-dy / len) * 0.5 + 0.5);
      pixels[i + 2] = byte(1 / len / 2 + 0.5);
      pixels[i + 3] = 255;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Surface families. Colour maps of surfaces are grey modulations around 1, multiplied by the material's colour,
// so one grain serves every wood tone and the product colour stays exactly the material's colour.

export type SurfaceKind =
  'wood' | 'weave' | 'velvet' | 'boucle' | 'knit' | 'terry' | 'rattan' | 'leather' | 'stone';

export interface SurfaceMaps {
  map?: THREE.DataTexture;
  normalMap?: THREE.DataTexture;
  roughnessMap?: THREE.DataTexture;
}

/** Wood: rings stretched along u, warped by noise, with fine pores; grain runs along a board's length. */
function woodRing(u: number, v: number): number {
  // Long, gently wandering lines (flat-sawn boards seen along their length), not plywood swirls.
  const warp = fbm(u, v, 2, 3, 11) * 1.4 + fbm(u * 0.25, v, 8, 2, 13) * 0.6;
  const rings = (v * 22 + warp) % 1;
  const ring = Math.pow(Math.abs(rings * 2 - 1), 3);
  const pores = fbm(u, v, 64, 2, 23);
  return ring * 0.7 + pores * 0.3;
}

/** Linen-like plain weave: alternating warp and weft threads with slub noise. */
function weave(u: number, v: number, threads: number): number {
  const x = u * threads;
  const y = v * threads;
  const over = (Math.floor(x) + Math.floor(y)) % 2 === 0;
  const across = Math.sin((over ? x : y) * Math.PI * 2) * 0.5 + 0.5;
  const along = Math.sin(((over ? y : x) % 1) * Math.PI);
  const slub = tileNoise(u, v, threads / 4, 3) * 0.35;
  return across * 0.25 + along * 0.55 + slub;
}

/** Chunky stockinette knit: rows of V-shaped loops. */
function knit(u: number, v: number, columns: number, rows: number): number {
  const x = (u * columns) % 1;
  const y = (v * rows) % 1;
  const side = x < 0.5 ? x * 2 : (1 - x) * 2;
  const lean = Math.abs(y - side * 0.5 - 0.25);
  const loop = 1 - Math.min(1, lean * 3);
  return Math.pow(Math.max(0, Math.sin(side * Math.PI) * loop), 0.7);
}

/** Rattan: a basket weave of flat strands, two over two under. */
function rattan(u: number, v: number, strands: number): number {
  const x = u * strands;
  const y = v * strands;
  const cellX = Math.floor(x / 2);
  const cellY = Math.floor(y / 2);
  const horizontal = (cellX + cellY) % 2 === 0;
  const t = horizontal ? y % 1 : x % 1;
  const strand = Math.sin(t * Math.PI);
  const fibre = tileNoise(horizontal ? u * 2 : u * 40, horizontal ? v * 40 : v * 2, 32, 9) * 0.25;
  return strand * 0.75 + fibre;
}

export function surfaceMaps(kind: SurfaceKind): SurfaceMaps {
  switch (kind) {
    case 'wood':
      return {
        map: cached('wood:map', 'color', (p) => writeGray(p, (u, v) => 1 - woodRing(u, v) * 0.2)),
        roughnessMap: cached('wood:rough', 'data', (p) =>
          writeGray(p, (u, v) => 0.78 + woodRing(u, v) * 0.22),
        ),
        normalMap: cached('wood:normal', 'data', (p) => writeNormals(p, (u, v) => fbm(u, v, 64, 2, 23), 1.2)),
      };
    case 'weave':
      return {
        map: cached('weave:map', 'color', (p) => writeGray(p, (u, v) => 0.9 + weave(u, v, 64) * 0.1)),
        normalMap: cached('weave:normal', 'data', (p) => writeNormals(p, (u, v) => weave(u, v, 64), 2.5)),
        roughnessMap: cached('weave:rough', 'data', (p) =>
          writeGray(p, (u, v) => 0.85 + weave(u, v, 64) * 0.15),
        ),
      };
    case 'velvet':
      return {
        roughnessMap: cached('velvet:rough', 'data', (p) =>
          writeGray(p, (u, v) => 0.7 + fbm(u, v, 8, 4, 41) * 0.3),
        ),
        normalMap: cached('velvet:normal', 'data', (p) =>
          writeNormals(p, (u, v) => fbm(u, v, 16, 3, 43), 1.5),
        ),
      };
    case 'boucle':
      return {
        map: cached('boucle:map', 'color', (p) => writeGray(p, (u, v) => 0.82 + fbm(u, v, 48, 2, 51) * 0.18)),
        normalMap: cached('boucle:normal', 'data', (p) =>
          writeNormals(p, (u, v) => Math.abs(Math.sin(fbm(u, v, 32, 2, 53) * 12)), 6),
        ),
      };
    case 'knit':
      return {
        map: cached('knit:map', 'color', (p) => writeGray(p, (u, v) => 0.62 + knit(u, v, 16, 20) * 0.38)),
        normalMap: cached('knit:normal', 'data', (p) => writeNormals(p, (u, v) => knit(u, v, 16, 20), 10)),
      };
    case 'terry':
      return {
        map: cached('terry:map', 'color', (p) => writeGray(p, (u, v) => 0.8 + fbm(u, v, 64, 2, 61) * 0.2)),
        normalMap: cached('terry:normal', 'data', (p) => writeNormals(p, (u, v) => fbm(u, v, 64, 2, 61), 6)),
      };
    case 'rattan':
      return {
        map: cached('rattan:map', 'color', (p) => writeGray(p, (u, v) => 0.55 + rattan(u, v, 32) * 0.45)),
        normalMap: cached('rattan:normal', 'data', (p) => writeNormals(p, (u, v) => rattan(u, v, 32), 6)),
      };
    case 'leather':
      return {
        normalMap: cached('leather:normal', 'data', (p) =>
          writeNormals(p, (u, v) => Math.pow(fbm(u, v, 32, 3, 71), 2), 3),
        ),
        roughnessMap: cached('leather:rough', 'data', (p) =>
          writeGray(p, (u, v) => 0.75 + fbm(u, v, 8, 3, 73) * 0.25),
        ),
      };
    case 'stone':
      return {
        map: cached('stone:map', 'color', (p) =>
          writeGray(p, (u, v) => {
            const vein = Math.abs(Math.sin((u + fbm(u, v, 4, 4, 81) * 0.8) * Math.PI * 3));
            return 0.86 + Math.pow(vein, 0.25) * 0.14;
          }),
        ),
      };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Coloured patterns: rugs and pictures carry the product's colours in the texture itself.

export type PatternStyle = 'modern' | 'classic' | 'minimal' | 'cozy' | 'outdoor';

/** sRGB components of a hex colour: the colour textures below are stored in sRGB, like the hex itself. */
function rgb(hex: string): [number, number, number] {
  const n = new THREE.Color(hex).getHex();
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function mix(a: [number, number, number], b: [number, number, number], t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function writeColor(pixels: Uint8Array, colour: (u: number, v: number) => [number, number, number]): void {
  forEachPixel((i, u, v) => {
    const [r, g, b] = colour(u, v);
    pixels[i] = byte(r);
    pixels[i + 1] = byte(g);
    pixels[i + 2] = byte(b);
    pixels[i + 3] = 255;
  });
}

/** Rug palette: field (main), pattern and accent, derived when the product names fewer colours. */
function palette(colors: readonly string[]): [number, number, number][] {
  const field = rgb(colors[0] ?? '#b9ab98');
  const lum = field[0] * 0.3 + field[1] * 0.59 + field[2] * 0.11;
  const contrast: [number, number, number] =
    lum > 0.5 ? mix(field, [0.1, 0.09, 0.08], 0.55) : mix(field, [1, 0.98, 0.94], 0.6);
  const second = colors[1] ? rgb(colors[1]) : contrast;
  const third = colors[2] ? rgb(colors[2]) : mix(field, second, 0.5);
  return [field, second, third];
}

/**
 * The rug's face: modern = offset geometric lines, classic = border bands and a central medallion, minimal = plain
 * with a faint tonal weave, cozy = berber diamonds, outdoor = woven stripes. The field colour is colors[0].
 */
export function rugPattern(style: PatternStyle, colors: readonly string[]): THREE.DataTexture {
  const [field, second, third] = palette(colors);
  return cached(`rug:${style}:${colors.slice(0, 3).join(',')}`, 'color', (pixels) =>
    writeColor(pixels, (u, v) => {
      const grain = (fbm(u, v, 64, 2, 91) - 0.5) * 0.08;
      const shade = (c: [number, number, number]): [number, number, number] => [
        c[0] + grain,
        c[1] + grain,
        c[2] + grain,
      ];
      const edge = Math.min(u, v, 1 - u, 1 - v);
      switch (style) {
        case 'modern': {
          if (edge < 0.035) return shade(second);
          const line = (x: number, y: number): boolean => Math.abs(((x * 3 + y * 1.2) % 1) - 0.5) < 0.02;
          if (line(u, v) && v > 0.12 && v < 0.88) return shade(second);
          // An outlined square, not a filled one: a flat grey block on a light rug reads as a hard shadow.
          const inSquare = u > 0.58 && u < 0.8 && v > 0.22 && v < 0.44;
          if (inSquare && (u < 0.6 || u > 0.78 || v < 0.24 || v > 0.42)) return shade(third);
          if (Math.hypot(u - 0.3, v - 0.68) < 0.12 && Math.hypot(u - 0.3, v - 0.68) > 0.1)
            return shade(third);
          return shade(field);
        }
        case 'classic': {
          if (edge < 0.03) return shade(second);
          if (edge > 0.06 && edge < 0.1) {
            const motif = Math.sin((u + v) * 80) * Math.sin((u - v) * 80) > 0.2;
            return shade(motif ? third : second);
          }
          if (edge > 0.115 && edge < 0.125) return shade(third);
          const du = (u - 0.5) * 1.5;
          const dv = v - 0.5;
          const r = Math.abs(du) + Math.abs(dv);
          if (r < 0.2) return shade(r < 0.08 ? third : r > 0.17 ? second : mix(field, second, 0.35));
          const spandrel = Math.min(
            Math.hypot(u - 0.12, v - 0.12),
            Math.hypot(u - 0.88, v - 0.12),
            Math.hypot(u - 0.12, v - 0.88),
            Math.hypot(u - 0.88, v - 0.88),
          );
          if (spandrel < 0.08) return shade(mix(field, third, 0.6));
          const lattice = Math.abs(Math.sin(u * 40) * Math.sin(v * 40)) > 0.92;
          return shade(lattice ? mix(field, second, 0.3) : field);
        }
        case 'minimal': {
          const tonal = (tileNoise(u, v, 128, 93) - 0.5) * 0.05;
          const border = edge < 0.02 ? -0.04 : 0;
          return [field[0] + tonal + border, field[1] + tonal + border, field[2] + tonal + border];
        }
        case 'cozy': {
          const cellU = (u * 12) % 1;
          const cellV = (v * 8) % 1;
          const diamond = Math.abs(cellU - 0.5) + Math.abs(cellV - 0.5);
          const berber = tileNoise(u, v, 96, 97) * 0.06;
          const lineHit = Math.abs(diamond - 0.45) < 0.03 && edge > 0.06;
          const base = lineHit ? mix(field, second, 0.8) : field;
          return [base[0] - berber, base[1] - berber, base[2] - berber];
        }
        case 'outdoor': {
          if (edge < 0.04) return shade(second);
          const stripe = Math.floor(v * 14) % 3;
          const weaveTick = (Math.floor(u * 128) + Math.floor(v * 128)) % 2 === 0 ? 0.03 : -0.03;
          const base = stripe === 0 ? second : stripe === 1 ? field : mix(field, third, 0.4);
          return [base[0] + weaveTick, base[1] + weaveTick, base[2] + weaveTick];
        }
      }
    }),
  );
}

/** Pile relief of rugs and mats: a fine tufted height field, stronger for the berber loops of cozy rugs. */
export function pileNormal(style: PatternStyle): THREE.DataTexture {
  const strength = style === 'cozy' ? 6 : style === 'outdoor' ? 4 : 3;
  return cached(`pile:${style}`, 'data', (pixels) =>
    writeNormals(
      pixels,
      (u, v) => (style === 'outdoor' ? weave(u, v, 128) : fbm(u, v, 128, 1, 99)),
      strength,
    ),
  );
}

/**
 * An abstract picture for the artwork: a colour field (colors[0]) with overlapping soft shapes and a horizon line in
 * the other colours, seeded so each product keeps its own composition.
 */
export function abstractArt(colors: readonly string[], seed: number): THREE.DataTexture {
  const [field, second, third] = palette(colors);
  const paper: [number, number, number] = [0.93, 0.91, 0.87];
  const shapes = Array.from({ length: 4 }, (_, k) => ({
    x: 0.2 + hash(k, 1, seed) * 0.6,
    y: 0.2 + hash(k, 2, seed) * 0.6,
    r: 0.12 + hash(k, 3, seed) * 0.18,
    colour: k % 2 === 0 ? second : third,
  }));
  return cached(`art:${colors.slice(0, 3).join(',')}:${seed}`, 'color', (pixels) =>
    writeColor(pixels, (u, v) => {
      const brush = (fbm(u, v, 16, 3, seed) - 0.5) * 0.08;
      let c: [number, number, number] = v < 0.62 ? field : mix(field, paper, 0.55);
      for (const s of shapes) {
        const d = Math.hypot((u - s.x) * 1.2, v - s.y);
        if (d < s.r) c = mix(c, s.colour, Math.min(1, (s.r - d) * 40) * 0.9);
      }
      if (Math.abs(v - 0.62) < 0.004) c = mix(c, second, 0.8);
      return [c[0] + brush, c[1] + brush, c[2] + brush];
    }),
  );
}
