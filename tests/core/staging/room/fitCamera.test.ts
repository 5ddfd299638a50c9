// The camera fit end to end: rendered rooms with known cameras across the issue's range (focal within 5 %,
// horizon within 1°), the EXIF and default fallbacks, images without a room, and 15 real listing photos.
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { focalForFov, horizonY, horizontalFovDeg } from '../../../../core/staging/room/camera';
import { DEFAULT_FOV_DEG, fitCamera } from '../../../../core/staging/room/fitCamera';
import type { GrayImage } from '../../../../core/staging/room/lineSegments';
import type { RoomCamera } from '../../../../core/staging/room/types';
import { fixturePath } from '../../../helpers/decodeFixture';
import { renderSyntheticRoom } from '../../../helpers/syntheticRoom';

const WIDTH = 1024;
const HEIGHT = 768;

function trueCamera(fovDeg: number, pitchDeg: number, rollDeg: number, yawDeg: number): RoomCamera {
  return {
    width: WIDTH,
    height: HEIGHT,
    focalPx: focalForFov(WIDTH, fovDeg),
    pitchDeg,
    rollDeg,
    yawDeg,
    heightM: 1.4,
    focalSource: 'default',
  };
}

/** Angle (degrees) of the horizon's centre-column row below the view axis, both read through the true lens. */
function horizonAngleDeg(camera: RoomCamera, truth: RoomCamera): number {
  return (Math.atan((horizonY(camera) - truth.height / 2) / truth.focalPx) * 180) / Math.PI;
}

/** Yaw difference modulo the Manhattan world's quarter turns, in [-45°, 45°). */
function yawErrorDeg(fitted: number, truth: number): number {
  return ((((fitted - truth + 45) % 90) + 90) % 90) - 45;
}

/** Pitch, roll and horizon of the fit within 1° of the truth. */
function expectLevelWithinOneDegree(fit: RoomCamera, truth: RoomCamera): void {
  expect(Math.abs(fit.pitchDeg - truth.pitchDeg)).toBeLessThan(1);
  expect(Math.abs(fit.rollDeg - truth.rollDeg)).toBeLessThan(1);
  expect(Math.abs(horizonAngleDeg(fit, truth) - horizonAngleDeg(truth, truth))).toBeLessThan(1);
}

describe('fitCamera on synthetic rooms', () => {
  // Two-point views across the issue's range: fov 55-100°, pitch -8..15°, roll -4..4°, yaw 15..70°.
  const twoPoint: [number, number, number, number][] = [
    [55, 0, 0, 15],
    [55, 15, 4, 70],
    [60, -5, -2, 60],
    [73, 8, 2, 35],
    [80, 3, 1, 50],
    [90, 10, -3, 25],
    [100, -8, -4, 15],
    [100, 15, 4, 45],
  ];
  it.each(twoPoint)(
    'fits fov %d°, pitch %d°, roll %d°, yaw %d° from the vanishing points',
    (fov, pitch, roll, yaw) => {
      const truth = trueCamera(fov, pitch, roll, yaw);
      const fit = fitCamera({ gray: renderSyntheticRoom(truth) });
      expect(fit.focalSource).toBe('vanishingPoints');
      expect(Math.abs(fit.focalPx / truth.focalPx - 1)).toBeLessThan(0.05);
      expectLevelWithinOneDegree(fit, truth);
      expect(Math.abs(yawErrorDeg(fit.yawDeg, yaw))).toBeLessThan(1);
      expect(fit.yawDeg).toBeGreaterThanOrEqual(-45);
      expect(fit.yawDeg).toBeLessThan(45);
      expect(fit).toMatchObject({ width: WIDTH, height: HEIGHT, heightM: 1.4 });
    },
    20_000,
  );

  it('takes the focal length of a one-point view from the vertical vanishing point when pitched', () => {
    const truth = trueCamera(80, 12, 1, 0);
    const fit = fitCamera({ gray: renderSyntheticRoom(truth) });
    expect(fit.focalSource).toBe('vanishingPoints');
    expect(Math.abs(fit.focalPx / truth.focalPx - 1)).toBeLessThan(0.05);
    expectLevelWithinOneDegree(fit, truth);
    expect(Math.abs(fit.yawDeg)).toBeLessThan(1);
  }, 20_000);

  it('falls back to EXIF, else the default lens, in a level one-point view', () => {
    const truth = trueCamera(90, 0, -2, 0);
    const gray = renderSyntheticRoom(truth);
    const withExif = fitCamera({ gray, exifFocalPx: truth.focalPx, heightM: 1.6 });
    expect(withExif.focalSource).toBe('exif');
    expect(withExif.focalPx).toBe(truth.focalPx);
    expect(withExif.heightM).toBe(1.6);
    expectLevelWithinOneDegree(withExif, truth);
    const without = fitCamera({ gray });
    expect(without.focalSource).toBe('default');
    expect(horizontalFovDeg(without)).toBeCloseTo(DEFAULT_FOV_DEG, 6);
    expectLevelWithinOneDegree(without, truth);
    expect(Math.abs(without.yawDeg)).toBeLessThan(1);
  }, 20_000);

  it('keeps its own focal length when EXIF roughly agrees, and EXIF when it disagrees wildly', () => {
    const truth = trueCamera(70, 5, 1, 30);
    const gray = renderSyntheticRoom(truth);
    const agreeing = fitCamera({ gray, exifFocalPx: truth.focalPx * 1.1 });
    expect(agreeing.focalSource).toBe('vanishingPoints');
    expect(Math.abs(agreeing.focalPx / truth.focalPx - 1)).toBeLessThan(0.05);
    const wild = fitCamera({ gray, exifFocalPx: truth.focalPx * 1.6 });
    expect(wild.focalSource).toBe('exif');
    expect(wild.focalPx).toBeCloseTo(truth.focalPx * 1.6, 9);
    // The orientation is refitted for that lens: the roll still reads true.
    expect(Math.abs(wild.rollDeg - 1)).toBeLessThan(1);
  }, 20_000);
});

describe('fitCamera on images without a room', () => {
  const defaultCamera = (width: number, height: number): RoomCamera => ({
    width,
    height,
    focalPx: focalForFov(width, DEFAULT_FOV_DEG),
    pitchDeg: 0,
    rollDeg: 0,
    yawDeg: 0,
    heightM: 1.4,
    focalSource: 'default',
  });

  it('returns the level default camera for flat grey, noise and tiny images', () => {
    let seed = 3;
    const noise = new Uint8Array(640 * 480).map(() => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 16) & 255;
    });
    const images: GrayImage[] = [
      { width: 640, height: 480, data: new Uint8Array(640 * 480).fill(140) },
      { width: 640, height: 480, data: noise },
      { width: 32, height: 32, data: new Float32Array(32 * 32).fill(12) },
      { width: 1, height: 1, data: new Uint8Array(1) },
    ];
    for (const gray of images) expect(fitCamera({ gray })).toEqual(defaultCamera(gray.width, gray.height));
    expect(fitCamera({ gray: { width: 0, height: 0, data: new Uint8Array(0) } }).focalSource).toBe('default');
    // A plausible EXIF focal length is the level camera's lens; a nonsensical one is ignored.
    expect(fitCamera({ gray: images[0]!, exifFocalPx: 500 })).toMatchObject({
      focalPx: 500,
      focalSource: 'exif',
    });
    expect(fitCamera({ gray: images[0]!, exifFocalPx: Number.NaN }).focalSource).toBe('default');
    expect(fitCamera({ gray: images[0]!, exifFocalPx: 5 }).focalSource).toBe('default');
  });
});

describe('fitCamera on real room photos', () => {
  it('reads a plausible lens and a near-level camera in each of 15 photos', async () => {
    const rows: string[] = [];
    for (const room of ['bedroom', 'kitchen', 'living_room']) {
      const files = readdirSync(fixturePath(`rooms/${room}`))
        .filter((f) => f.endsWith('.jpg'))
        .sort()
        .slice(0, 5);
      for (const file of files) {
        const { data, info } = await sharp(fixturePath(`rooms/${room}/${file}`))
          .rotate()
          .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const gray: GrayImage = { width: info.width, height: info.height, data: new Uint8Array(data) };
        const fit = fitCamera({ gray });
        const fov = horizontalFovDeg(fit);
        rows.push(
          `${`${room}/${file}`.padEnd(40)} ${`${info.width}x${info.height}`.padEnd(9)} fov ${fov.toFixed(1).padStart(5)}` +
            `  pitch ${fit.pitchDeg.toFixed(1).padStart(5)}  roll ${fit.rollDeg.toFixed(1).padStart(4)}` +
            `  yaw ${fit.yawDeg.toFixed(1).padStart(5)}  ${fit.focalSource}`,
        );
        expect(fov).toBeGreaterThanOrEqual(40);
        expect(fov).toBeLessThanOrEqual(110);
        expect(Math.abs(fit.rollDeg)).toBeLessThan(8);
      }
    }
    console.log(`fitCamera on real photos:\n${rows.join('\n')}`);
    expect(rows).toHaveLength(15);
  }, 60_000);
});
