// Decodes the shared real test photos (/work/shared/fixtures, read in place, never copied into the repo) into
// the RgbaImage shape of core/imaging, with sharp. EXIF orientation is applied so "vertical" means vertical.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbaImage } from '../../core/imaging/types';

/** The shared fixtures folder, beside the repository. */
export const FIXTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/fixtures',
);

export function fixturePath(relative: string): string {
  return path.join(FIXTURES_DIR, relative);
}

export interface DecodeOptions {
  /** Resize to this width (keeping the aspect ratio), only ever down. */
  width?: number;
}

/** Decode a fixture (path relative to the fixtures folder) to RGBA. */
export async function decodeFixture(relative: string, options: DecodeOptions = {}): Promise<RgbaImage> {
  let pipeline = sharp(fixturePath(relative)).rotate();
  if (options.width) pipeline = pipeline.resize({ width: options.width, withoutEnlargement: true });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // A fresh, 4-aligned copy: kernels may view the bytes as 32-bit words.
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}
