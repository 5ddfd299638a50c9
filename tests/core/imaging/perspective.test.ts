import { describe, expect, it } from 'vitest';
import { measureTilt } from '../../../core/analysis/verticals';
import {
  autoPerspective,
  correctionHomography,
  largestInscribedRect,
  PERSPECTIVE_NOTES,
} from '../../../core/imaging/perspective';
import type { RgbaImage } from '../../../core/imaging/types';
import { transformPoint, warpHomography } from '../../../core/imaging/warp';
import { decodeFixture } from '../../helpers/decodeFixture';
import { barAngles, barScene, blankImage, drawBar } from './scenes';

const deg = (slope: number) => (Math.atan(slope) * 180) / Math.PI;

/** Byte equality of two images (vitest's deep equality is far too slow on a million bytes). */
const sameImage = (a: RgbaImage, b: RgbaImage) =>
  a.width === b.width &&
  a.height === b.height &&
  Buffer.from(a.data.buffer, a.data.byteOffset, a.data.length).equals(
    Buffer.from(b.data.buffer, b.data.byteOffset, b.data.length),
  );

/** The scene as a camera with roll `roll` (slope) and pitch-keystone `convergence` would have taken it. */
function tilted(roll: number, convergence: number, width = 800, height = 600) {
  const scene = barScene(width, height);
  // Sampling the straight scene through the correction homography gives the photo that correction undoes.
  return warpHomography(scene, correctionHomography(roll, convergence, width, height), width, height);
}

describe('#correctionHomography', () => {
  it.each([
    [0, -1 / 3000],
    [0.03, 1 / 2500],
    [-0.05, 0],
  ])('makes every line through the vanishing point vertical (roll %f, convergence %f)', (roll, k) => {
    const H = correctionHomography(roll, k, 601, 401);
    // Lines through V = (-roll / k, -1 / k) in centred coordinates: x - 300 = a + (roll + k a)(y - 200).
    for (const a of [-250, -100, 0, 120, 280]) {
      const b = roll + k * a;
      const [xTop] = transformPoint(H, 300 + a + b * -180, 20);
      const [xBottom] = transformPoint(H, 300 + a + b * 180, 380);
      expect(Math.abs(xTop - xBottom)).toBeLessThan(1e-9 + 1e-9 * Math.abs(xTop));
    }
  });

  it('keeps the centre of the image in place', () => {
    const [x, y] = transformPoint(correctionHomography(0.02, 1 / 2000, 801, 601), 400, 300);
    expect(x).toBeCloseTo(400, 9);
    expect(y).toBeCloseTo(300, 9);
  });
});

describe('#largestInscribedRect', () => {
  it('returns a rectangle itself', () => {
    const r = largestInscribedRect(
      [
        [0, 0],
        [100, 0],
        [100, 50],
        [0, 50],
      ],
      null,
    );
    expect(r).toEqual({ x: 0, y: 0, width: 100, height: 50 });
  });

  it('fits the widest rectangle of a given aspect into a trapezoid', () => {
    // Top edge 60 wide, bottom edge 100 wide, 100 tall: with aspect 1 the best square is 100 * 5/7 wide.
    const r = largestInscribedRect(
      [
        [20, 0],
        [80, 0],
        [100, 100],
        [0, 100],
      ],
      1,
      700,
    );
    expect(r.width).toBeCloseTo(r.height, 9);
    expect(r.width).toBeGreaterThan(71);
    expect(r.width).toBeLessThanOrEqual(500 / 7 + 1e-9);
  });
});

describe('#autoPerspective on synthetic keystones', () => {
  it.each([
    ['camera tilted up', 0, 1 / 4000],
    ['camera tilted down', 0, -1 / 3500],
    ['tilt and a 2 degree roll', Math.tan((2 * Math.PI) / 180), 1 / 5000],
    ['roll only', Math.tan((-1.5 * Math.PI) / 180), 0],
  ])('straightens the bars (%s) to within 0.5 degrees', (_name, roll, convergence) => {
    const photo = tilted(roll, convergence);
    const before = barAngles(photo)!;
    expect(Math.max(...before.map(Math.abs))).toBeGreaterThan(1); // the test scene really is tilted
    const result = autoPerspective(photo);
    expect(result.corrected).toBe(true);
    expect(result.note).toBe(PERSPECTIVE_NOTES.corrected);
    const after = barAngles(result.image);
    expect(after).not.toBeNull();
    for (const angle of after!) expect(Math.abs(angle)).toBeLessThanOrEqual(0.5);
    // The crop keeps the aspect ratio and most of the picture.
    expect(result.image.width / result.image.height).toBeCloseTo(800 / 600, 1);
    expect(result.image.width).toBeGreaterThan(600);
  });

  it('leaves a straight photo exactly as it is', () => {
    const photo = barScene(800, 600);
    const result = autoPerspective(photo);
    expect(result.corrected).toBe(false);
    expect(result.note).toBe(PERSPECTIVE_NOTES.alreadyStraight);
    expect(result.image === photo).toBe(false); // a new image (toBe would deep-compare a million bytes)
    expect(sameImage(result.image, photo)).toBe(true);
  });

  it('says so when there are too few vertical lines', () => {
    const photo = blankImage(600, 400);
    drawBar(photo, 300, 50, 310, 350, 4);
    const result = autoPerspective(photo);
    expect(result.corrected).toBe(false);
    expect(result.note).toBe(PERSPECTIVE_NOTES.tooFewLines);
    expect(result.image.width).toBe(600);
    expect(result.image === photo).toBe(false);
    // Without the copy: the input itself comes back, untouched.
    const uncopied = autoPerspective(photo, { copyUnchanged: false });
    expect(uncopied.note).toBe(PERSPECTIVE_NOTES.tooFewLines);
    expect(uncopied.image === photo).toBe(true);
    expect(sameImage(uncopied.image, result.image)).toBe(true);
  });

  it('keeps the frame it is asked to keep: the tilt corrected partly, and straighter than before', () => {
    const photo = tilted(Math.tan((2.5 * Math.PI) / 180), 1 / 3000);
    const full = autoPerspective(photo);
    const kept = (image: RgbaImage) => (image.width * image.height) / (800 * 600);
    expect(kept(full.image)).toBeLessThan(0.9); // the full correction crops more than allowed below
    const limited = autoPerspective(photo, { minKeptShare: 0.9 });
    expect(limited.corrected).toBe(true);
    expect(kept(limited.image)).toBeGreaterThanOrEqual(0.9);
    expect(limited.after!.meanTiltDeg).toBeLessThan(limited.before.meanTiltDeg);
  });

  it('leaves a photo alone when the frame allows under MIN_PARTIAL of the correction', () => {
    const result = autoPerspective(tilted(Math.tan((4 * Math.PI) / 180), 1 / 2500), { minKeptShare: 0.99 });
    expect(result.corrected).toBe(false);
    expect(result.note).toBe(PERSPECTIVE_NOTES.tooMuchCrop);
  });

  it('refuses a tilt beyond the automatic range', () => {
    const result = autoPerspective(tilted(Math.tan((17 * Math.PI) / 180), 0));
    expect(result.corrected).toBe(false);
    expect(result.note).toBe(PERSPECTIVE_NOTES.tooStrong);
  });
});

describe('#autoPerspective on real listing photos', () => {
  // Photos whose verticals visibly lean (measured mean tilt 1.9 to 6 degrees before correction).
  it.each([
    'rooms/bedroom/83_bedroom.jpg',
    'rooms/bedroom/152_bedroom.jpg',
    'rooms/bathroom/152_bathroom.jpg',
    'rooms/bathroom/83_bathroom.jpg',
    'rooms/kitchen/56_kitchen.jpg',
    'rooms/kitchen/83_kitchen.jpg',
    'rooms/frontal/69_frontal.jpg',
    'rooms/frontal/247_frontal.jpg',
  ])('brings the verticals of %s to within 0.5 degrees', async (file) => {
    const photo = await decodeFixture(file);
    const before = measureTilt(photo);
    expect(before.meanTiltDeg).toBeGreaterThan(1.5);
    const result = autoPerspective(photo);
    expect(result.corrected).toBe(true);
    const after = measureTilt(result.image);
    expect(after.sufficient).toBe(true);
    expect(after.meanTiltDeg).toBeLessThanOrEqual(0.5);
    expect(deg(Math.abs(after.roll))).toBeLessThanOrEqual(0.5);
  });

  // A mix: straight photos, slightly and strongly tilted ones, one with hardly any lines.
  it.each([
    'rooms/kitchen/124_kitchen.jpg',
    'rooms/kitchen/193_kitchen.jpg',
    'rooms/bathroom/97_bathroom.jpg',
    'rooms/bedroom/179_bedroom.jpg',
    'rooms/bedroom/1_bedroom.jpg',
    'rooms/bedroom/42_bedroom.jpg',
    'rooms/frontal/111_frontal.jpg',
    'rooms/living_room/Places365_val_00005205.jpg',
  ])('never makes %s worse', async (file) => {
    const photo = await decodeFixture(file);
    const before = measureTilt(photo);
    const result = autoPerspective(photo);
    if (!result.corrected) {
      expect(sameImage(result.image, photo)).toBe(true);
      return;
    }
    const after = measureTilt(result.image);
    expect(after.meanTiltDeg).toBeLessThan(before.meanTiltDeg);
    expect(after.maxTiltDeg).toBeLessThanOrEqual(Math.max(before.maxTiltDeg, 0.5));
  });
});
