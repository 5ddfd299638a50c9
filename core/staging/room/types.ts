// The room as staging sees it from one photo: a pinhole camera and, on the floor plane, the visible floor, the
// walls, the zones to keep free and the furniture already there. Metres throughout, in three.js's convention:
// the origin is on the floor below the camera, +Y up, the camera looks along -Z when its yaw is 0.

/** A point on the floor plane (y = 0), metres. In front of the camera z is negative. */
export interface FloorPoint {
  x: number;
  z: number;
}

/** A point in the room, metres. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** Where the camera's focal length came from: the vanishing points, the photo's EXIF, or a typical lens. */
export type FocalSource = 'vanishingPoints' | 'exif' | 'default';

/** Where the metric scale came from: the camera height of a standing photographer, or a door or bed seen. */
export type ScaleSource = 'cameraHeight' | 'door' | 'bed';

/**
 * A pinhole camera with its principal point at the image centre. `pitchDeg` > 0 looks down, `rollDeg` > 0 turns
 * the camera counter-clockwise about its view axis (the room appears turned clockwise), `yawDeg` turns it about
 * +Y so the world axes run along the room's walls (Manhattan directions).
 */
export interface RoomCamera {
  /** Size in pixels of the photo the camera was fitted on; other sizes scale focalPx with the width. */
  width: number;
  height: number;
  focalPx: number;
  pitchDeg: number;
  rollDeg: number;
  yawDeg: number;
  /** Eye height above the floor, metres. */
  heightM: number;
  focalSource: FocalSource;
}

/**
 * The kinds of place new furniture must not stand: in front of a window or door, or in a walkway; and the wall
 * under a picture or mirror already hanging, which only our wall pieces keep clear of.
 */
export type KeepFreeKind = 'window' | 'door' | 'walkway' | 'wallDecor';

export interface KeepFreeZone {
  kind: KeepFreeKind;
  /** Convex or simple polygon on the floor, metres. */
  polygon: FloorPoint[];
}

/** Furniture already in the room, as the segmentation names it (ADE20K class name, e.g. 'bed', 'sofa'). */
export interface Obstacle {
  label: string;
  /** Its footprint on the floor, metres (an estimate: the visible base, extended backwards). */
  polygon: FloorPoint[];
  /** Its height above the floor where known, metres. */
  heightM?: number;
}

/** A wall's foot on the floor: from a to b, with the room on the side its normal points to. */
export interface WallLine {
  a: FloorPoint;
  b: FloorPoint;
  /** Unit vector on the floor pointing from the wall into the room. */
  normal: FloorPoint;
}

export interface RoomModel {
  camera: RoomCamera;
  scaleSource: ScaleSource;
  /** The visible free floor (floor and rugs), a simple polygon, metres. */
  floor: FloorPoint[];
  walls: WallLine[];
  keepFree: KeepFreeZone[];
  obstacles: Obstacle[];
  /** The ceiling's height over the floor, metres, where the photo shows it meet the walls. */
  ceilingM?: number;
}

/** A per-pixel class map (ADE20K ids as in models/deeplabv3-ade20k/README.md), row-major, any size. */
export interface LabelMap {
  width: number;
  height: number;
  labels: Uint8Array;
}

/** A straight line segment in pixels. */
export interface LineSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
