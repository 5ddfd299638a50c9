// What we may put on furniture the photo already shows: a throw on the real bed or sofa,
// a lamp or vase on a real side table or dresser, as a stager dresses what is there. Real furniture is known only
// as an estimated footprint, so every spot must be confirmed by the photo's classes: the piece must land on the
// real piece's pixels, and a top must be free (wall behind, nothing standing there). Without classes: nothing.
import { LABEL_NAMES, MIRROR, WALL_SURFACE_LABELS } from '../room/labels';
import { baseGrid, graySpread, shareOnClass, shareOnClasses } from '../room/support';
import type { CategoryId } from '../types';
import { existingOf, type ExistingAnchor } from './existing';
import { centroid, dot, frontOf, rightOf, rotationFacing, sub } from './geometry';
import type { PlacedPiece } from './types';
import type { RuleContext, Spot, Unit } from './unit';

/**
 * Which real furniture a textile may dress: a throw on a real bed or sofa, whose top the photo shows wide enough
 * to lay it on. Not bed linen (it would cover the real duvet); no cushions (against a real backrest, whose shape
 * the footprint does not know, they stood in the air in front of it), nothing on a real armchair (too small a
 * seat for an estimate to hit).
 */
const TEXTILE_HOSTS: Partial<Record<CategoryId, readonly CategoryId[]>> = {
  throw: ['bed', 'sofa'],
};

/**
 * The least width, depth and height (metres) of a real piece's estimate for a textile to go on it: smaller ones
 * are fragments of a segmentation (an armrest, a bed's corner), on which the textile would hang in the air.
 */
const BELIEVABLE_HOST: Partial<Record<CategoryId, { w: number; d: number; h: number }>> = {
  sofa: { w: 1.0, d: 0.5, h: 0.5 },
  bed: { w: 0.9, d: 1.4, h: 0.35 },
};

function believable(host: PlacedPiece): boolean {
  const least = BELIEVABLE_HOST[host.category];
  const { w, d, h } = host.sizeM;
  return least !== undefined && w >= least.w && d >= least.d && h >= least.h;
}

/** Just above the floor, where the real piece's lowest pixels are. */
const FLOOR_PROBE_M = 0.05;
/** Share of a textile's base that must land on the real host's pixels. */
const ON_HOST_SHARE = 0.9;
/** How much of the real piece must show around a textile's base, metres: a base at its edge is a guess. */
const ON_HOST_MARGIN_M = 0.15;

/**
 * Whether a textile at `spot` lands on the real piece's pixels in the photo (its base with a margin around it,
 * and the floor under it). Without the photo's classes nothing is put on real furniture.
 */
export function landsOnHost(ctx: RuleContext, unit: Unit, host: ExistingAnchor, spot: Spot): boolean {
  const { photo, room } = ctx.scene;
  if (!photo) return false;
  const id = LABEL_NAMES.indexOf(room.obstacles[host.obstacle]!.label);
  const { w, d } = spot.sizeM ?? unit.product.sizeM;
  const y = spot.elevationM ?? 0;
  const margin = 2 * ON_HOST_MARGIN_M;
  const grid = (at: number) =>
    baseGrid(spot, rightOf(spot.rotationDeg), frontOf(spot.rotationDeg), w + margin, d + margin, at);
  // Its base, and the floor under it, which the real piece hides if it stands there: a pose past the real
  // piece's end would show floor below.
  const points = [...grid(y), ...grid(FLOOR_PROBE_M)];
  return id >= 0 && shareOnClass(room.camera, photo.labels, points, id) >= ON_HOST_SHARE;
}

/** The real pieces a textile may dress, whose estimates are believable as such a piece. */
export function realTextileHosts(ctx: RuleContext, category: CategoryId): ExistingAnchor[] {
  return (TEXTILE_HOSTS[category] ?? []).flatMap((c) => existingOf(ctx.scene, c)).filter(believable);
}

/** Real furniture whose top may carry a lamp or vase: a table or a low cabinet (nightstand, dresser, sideboard). */
const TOP_LABELS = new Set(['table', 'cabinet']);
/** The most the grey levels behind a free top may spread: a plain wall with its shading, not things on it. */
const PLAIN_SPREAD = 12;
/** Tops between these heights, metres: lower is a footstool or a fragment, higher a wardrobe. */
const TOP_MIN_M = 0.35;
const TOP_MAX_M = 1.2;
/** The height search's step and how far above the estimate it starts, metres. */
const TOP_STEP_M = 0.02;
const TOP_SLACK_M = 0.3;
/** Share of the space the piece takes above the top that must show wall (or what hangs on it), not other things. */
const FREE_ABOVE_SHARE = 0.8;
/**
 * What may show behind a free top. Not a mirror: the segmentation reads a lamp in front of a mirror as mirror,
 * and a mirror above a dresser usually has something standing in front of it.
 */
const BEHIND_A_FREE_TOP: ReadonlySet<number> = new Set(
  [...WALL_SURFACE_LABELS].filter((id) => id !== MIRROR),
);

/**
 * A spot on the top of a real table or low cabinet, facing the camera, for a piece that found none of ours: near
 * the top's front (the estimate's surest edge) and at the highest height where its base still lands on the
 * real piece's pixels, so its base sits where the photo shows the top. The space it takes above must show wall.
 */
export function realTopSpot(ctx: RuleContext, unit: Unit): Spot | null {
  const { photo, room } = ctx.scene;
  if (!photo) return null;
  const { labels, gray } = photo;
  const { w, d, h } = unit.product.sizeM;
  const rotationDeg = rotationFacing(ctx.scene.toCamera);
  const right = rightOf(rotationDeg);
  const front = frontOf(rotationDeg);
  for (const [index, obstacle] of room.obstacles.entries()) {
    const key = `existing:${index}`;
    if (!TOP_LABELS.has(obstacle.label) || obstacle.heightM === undefined) continue;
    if (obstacle.heightM < TOP_MIN_M || obstacle.heightM > TOP_MAX_M) continue;
    if (obstacle.heightM > room.camera.heightM - 0.2) continue; // its top would not be seen
    if (ctx.scene.placed.some((p) => p.on === key)) continue;
    const id = LABEL_NAMES.indexOf(obstacle.label);
    // The footprint's front edge midpoint, stepped in by half the piece's depth and a hand's width.
    const middle = centroid(obstacle.polygon);
    const frontMost = obstacle.polygon.reduce((a, b) =>
      dot(sub(b, middle), front) > dot(sub(a, middle), front) ? b : a,
    );
    const inset = dot(sub(frontMost, middle), front) - d / 2 - 0.05;
    if (inset < 0) continue;
    const at = { x: middle.x + front.x * inset, z: middle.z + front.z * inset };
    for (let y = obstacle.heightM + TOP_SLACK_M; y >= TOP_MIN_M; y -= TOP_STEP_M) {
      const base = baseGrid(at, right, front, w, d, y);
      if (shareOnClass(room.camera, labels, base, id) < ON_HOST_SHARE) continue;
      const above = [0.2, 0.5, 0.8, 1].flatMap((k) => baseGrid(at, right, front, w, d, y + h * k));
      if (shareOnClasses(room.camera, labels, above, BEHIND_A_FREE_TOP) < FREE_ABOVE_SHARE) break;
      // The segmentation misses small things (a lamp, a bowl): what stands there shows as spread in the grey.
      if (graySpread(room.camera, gray, above) > PLAIN_SPREAD) break;
      return { ...at, rotationDeg, elevationM: y, on: key };
    }
  }
  return null;
}
