// The photo's camera from the photo alone: line segments, the room's three vanishing points, then focal length,
// pitch, roll and yaw. Owns the choice of focal length (vanishing points, EXIF or a typical listing lens) and the
// promise never to fail: whatever the image, a usable camera comes back.
import { cameraRotation, focalForFov, horizontalFovDeg } from './camera';
import { detectLineSegments, type GrayImage } from './lineSegments';
import type { FocalSource, RoomCamera, Vec3 } from './types';
import { fitManhattanFrame, type ManhattanFrame } from './vanishingPoints';

/** Horizontal field of view assumed when neither the lines nor EXIF say: a 24 mm (full-frame) listing lens. */
export const DEFAULT_FOV_DEG = 73;
/** Eye height of a standing photographer, metres. */
export const DEFAULT_CAMERA_HEIGHT_M = 1.4;
/**
 * Fields of view a room photo plausibly has; focal lengths outside are not believed. Wider fits are mostly
 * barrel distortion of ultra-wide lenses bending the lines, not a truly wider view.
 */
const PLAUSIBLE_FOV_DEG: [number, number] = [40, 110];
/** The focal length is searched a little beyond the plausible range, so a fit outside it shows as such. */
const SEARCHED_FOV_DEG: [number, number] = [30, 125];
/** The vanishing points pin the focal length when its relative standard deviation is below this. */
const MAX_FOCAL_REL_STD = 0.03;
/** A vanishing-point focal length this many times off EXIF's (either way) loses to EXIF. */
const WILD_DISAGREEMENT = 1.3;
/** Segments in the Manhattan directions must add up to this many image diagonals to be believed. */
const MIN_SUPPORT_DIAGONALS = 0.5;
/** A fitted tilt beyond these is a misreading (a listing photo is near level), so the level default wins. */
const MAX_ROLL_DEG = 15;
const MAX_PITCH_DEG = 40;

const RAD = Math.PI / 180;

export interface FitCameraInput {
  gray: GrayImage;
  /** Focal length from the photo's EXIF, in pixels of this image. */
  exifFocalPx?: number;
  /** Eye height, metres (default 1.4). */
  heightM?: number;
}

function isPlausibleFocal(focalPx: number | undefined, width: number): focalPx is number {
  if (focalPx === undefined || !Number.isFinite(focalPx) || focalPx <= 0) return false;
  const fov = horizontalFovDeg({ width, focalPx });
  return fov >= PLAUSIBLE_FOV_DEG[0] && fov <= PLAUSIBLE_FOV_DEG[1];
}

/** Pitch and roll from world up in the camera frame: up = (sin r·cos p, cos r·cos p, sin p) for cameraRotation. */
function tiltFromUp(up: Vec3): { pitchDeg: number; rollDeg: number } {
  return {
    pitchDeg: Math.asin(Math.max(-1, Math.min(1, up.z))) / RAD,
    rollDeg: Math.atan2(up.x, up.y) / RAD,
  };
}

/**
 * Yaw that turns the world axes onto the walls: the wall direction in the world of a yaw-0 camera is
 * (cos yaw, 0, sin yaw) up to a multiple of 90°; the one in [-45°, 45°) is taken.
 */
function yawFromWall(wall: Vec3, tilt: { pitchDeg: number; rollDeg: number }): number {
  const R = cameraRotation({ yawDeg: 0, ...tilt });
  const hx = R[0] * wall.x + R[1] * wall.y + R[2] * wall.z;
  const hz = R[6] * wall.x + R[7] * wall.y + R[8] * wall.z;
  const yaw = Math.atan2(hz, hx) / RAD;
  return ((((yaw + 45) % 90) + 90) % 90) - 45;
}

function cameraFromFrame(
  frame: ManhattanFrame,
  base: Pick<RoomCamera, 'width' | 'height' | 'heightM'>,
  focalSource: FocalSource,
): RoomCamera | null {
  const tilt = tiltFromUp(frame.up);
  if (Math.abs(tilt.rollDeg) > MAX_ROLL_DEG || Math.abs(tilt.pitchDeg) > MAX_PITCH_DEG) return null;
  return { ...base, focalPx: frame.focalPx, ...tilt, yawDeg: yawFromWall(frame.walls[0], tilt), focalSource };
}

/** The fit of `gray`'s camera; a level camera with EXIF's or the default lens when the lines do not tell. */
export function fitCamera(input: FitCameraInput): RoomCamera {
  const { gray } = input;
  const width = Math.max(1, gray.width);
  const height = Math.max(1, gray.height);
  const heightM = input.heightM ?? DEFAULT_CAMERA_HEIGHT_M;
  const exif = isPlausibleFocal(input.exifFocalPx, width) ? input.exifFocalPx : undefined;
  const prior = {
    focalPx: exif ?? focalForFov(width, DEFAULT_FOV_DEG),
    focalSource: exif ? 'exif' : 'default',
  } as const;
  const level: RoomCamera = { width, height, heightM, pitchDeg: 0, rollDeg: 0, yawDeg: 0, ...prior };
  try {
    const segments = detectLineSegments(gray);
    const free = fitManhattanFrame(segments, { width, height, fovRangeDeg: SEARCHED_FOV_DEG });
    const minSupport = MIN_SUPPORT_DIAGONALS * Math.hypot(width, height);
    const supported = (f: ManhattanFrame | null): f is ManhattanFrame =>
      f !== null && f.support.vertical + f.support.horizontal[0] + f.support.horizontal[1] >= minSupport;
    if (!supported(free)) return level;
    const pinned = free.focalRelStd < MAX_FOCAL_REL_STD && isPlausibleFocal(free.focalPx, width);
    const agreesWithExif =
      exif === undefined || Math.abs(Math.log(free.focalPx / exif)) <= Math.log(WILD_DISAGREEMENT);
    if (pinned && agreesWithExif) {
      return cameraFromFrame(free, { width, height, heightM }, 'vanishingPoints') ?? level;
    }
    // The lines do not pin the focal length: hold the prior and fit only the orientation.
    const held = fitManhattanFrame(segments, { width, height, focalPx: prior.focalPx });
    if (!supported(held)) return level;
    return cameraFromFrame(held, { width, height, heightM }, prior.focalSource) ?? level;
  } catch {
    // Never fail the staging over a camera: the level default is a usable answer for any photo.
    return level;
  }
}
