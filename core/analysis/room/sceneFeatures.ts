// Scene cues that objects alone miss: the sky and vegetation of exteriors, the white tiles of bathrooms, the
// warm wood of kitchens, how busy and how straight-edged a picture is. Cheap colour and texture statistics on a
// coarse grid of the photo, each a number in 0..1 that does not depend on the photo's size.
import type { RgbaImage } from '../../imaging/types';

/** Cue names in the fixed order of sceneFeatureVector (the trained head relies on this order). */
export const SCENE_FEATURE_NAMES = [
  'brightness',
  'contrast',
  'saturation',
  'skyTop',
  'vegetation',
  'vegetationBottom',
  'white',
  'warm',
  'edgeDensity',
  'axisEdges',
  'topMinusBottom',
] as const;

type SceneFeatureName = (typeof SCENE_FEATURE_NAMES)[number];
export type SceneFeatures = Record<SceneFeatureName, number>;

/** The grid the statistics are taken on; enough to see sky and tiles, small enough to cost ~1 ms. */
const SCENE_GRID = 96;

/** Luma gradient (0..1 scale) above which a grid cell counts as an edge. */
const EDGE_THRESHOLD = 0.08;

interface Hsv {
  h: number; // degrees 0..360
  s: number; // 0..1
  v: number; // 0..1
}

export function rgbToHsv(r: number, g: number, b: number): Hsv {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, s: max === 0 ? 0 : d / max, v: max / 255 };
}

/** Blue sky: a clear blue of medium-high brightness. Overcast skies are left out: they look like white walls. */
export function isSky({ h, s, v }: Hsv): boolean {
  return h >= 190 && h <= 250 && s >= 0.15 && v >= 0.45;
}

/** Grass, trees and hedges: green to yellow-green with some saturation, not too dark to tell. */
export function isVegetation({ h, s, v }: Hsv): boolean {
  return h >= 60 && h <= 165 && s >= 0.18 && v >= 0.12;
}

/** White tiles, porcelain, bedding: bright and nearly colourless. */
export function isWhite({ s, v }: Hsv): boolean {
  return s <= 0.12 && v >= 0.75;
}

/** Wood, cabinets, warm floors: orange-brown hues with clear saturation. */
export function isWarm({ h, s, v }: Hsv): boolean {
  return h >= 15 && h <= 50 && s >= 0.3 && v >= 0.2;
}

/** The cues of one photo. Pixels are sampled on a SCENE_GRID x SCENE_GRID grid (nearest neighbour). */
export function sceneFeatures(image: RgbaImage): SceneFeatures {
  const gw = Math.min(SCENE_GRID, image.width);
  const gh = Math.min(SCENE_GRID, image.height);
  const luma = new Float32Array(gw * gh);
  let sumV = 0;
  let sumV2 = 0;
  let sumS = 0;
  let sky = 0;
  let veg = 0;
  let vegBottom = 0;
  let white = 0;
  let warm = 0;
  let topLuma = 0;
  let bottomLuma = 0;
  const third = Math.max(1, Math.floor(gh / 3));
  for (let gy = 0; gy < gh; gy++) {
    const y = Math.min(image.height - 1, Math.floor(((gy + 0.5) * image.height) / gh));
    for (let gx = 0; gx < gw; gx++) {
      const x = Math.min(image.width - 1, Math.floor(((gx + 0.5) * image.width) / gw));
      const i = (y * image.width + x) * 4;
      const r = image.data[i];
      const g = image.data[i + 1];
      const b = image.data[i + 2];
      const hsv = rgbToHsv(r, g, b);
      // Rec. 601 weights, not core/imaging's Rec. 709: the committed head was trained on these values.
      const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
      luma[gy * gw + gx] = l;
      sumV += l;
      sumV2 += l * l;
      sumS += hsv.s;
      if (gy < third && isSky(hsv)) sky++;
      if (isVegetation(hsv)) {
        veg++;
        if (gy >= gh - third) vegBottom++;
      }
      if (isWhite(hsv)) white++;
      if (isWarm(hsv)) warm++;
      if (gy < third) topLuma += l;
      if (gy >= gh - third) bottomLuma += l;
    }
  }
  const n = gw * gh;
  const mean = sumV / n;
  const { edgeDensity, axisEdges } = edgeStats(luma, gw, gh);
  return {
    brightness: mean,
    contrast: Math.sqrt(Math.max(0, sumV2 / n - mean * mean)),
    saturation: sumS / n,
    skyTop: sky / (third * gw),
    vegetation: veg / n,
    vegetationBottom: vegBottom / (third * gw),
    white: white / n,
    warm: warm / n,
    edgeDensity,
    axisEdges,
    // Shifted into 0..1: outdoors the sky is brighter than the ground (> 0.5); rooms are more even.
    topMinusBottom: (topLuma / (third * gw) - bottomLuma / (third * gw) + 1) / 2,
  };
}

/**
 * How much of the grid is an edge, and of those edges the share that runs (nearly) horizontal or vertical:
 * rooms, tiles and cabinets are full of straight axis-aligned lines; foliage and lawns are not.
 */
function edgeStats(luma: Float32Array, w: number, h: number): { edgeDensity: number; axisEdges: number } {
  let edges = 0;
  let axis = 0;
  let cells = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gx = (luma[y * w + x + 1] - luma[y * w + x - 1]) / 2;
      const gy = (luma[(y + 1) * w + x] - luma[(y - 1) * w + x]) / 2;
      cells++;
      const mag = Math.hypot(gx, gy);
      if (mag < EDGE_THRESHOLD) continue;
      edges++;
      // |tan| < tan(15 deg) either way: the gradient points (nearly) along one axis.
      const ax = Math.abs(gx);
      const ay = Math.abs(gy);
      if (Math.min(ax, ay) <= 0.268 * Math.max(ax, ay)) axis++;
    }
  }
  return { edgeDensity: cells > 0 ? edges / cells : 0, axisEdges: edges > 0 ? axis / edges : 0 };
}

export function sceneFeatureVector(features: SceneFeatures): number[] {
  return SCENE_FEATURE_NAMES.map((name) => features[name]);
}
