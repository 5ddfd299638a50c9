// scripts/listing-extract.ts as operators run it: a real child process on the saved pages.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AIRBNB_NEGATIVE,
  AIRBNB_SSR,
  BOOKING_2026,
  BOOKING_404,
  fixtureFilePath as fixturePath,
} from '../../helpers/listingFixtures';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/listing-extract.ts', ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
      },
    );
  });
}

const lastLine = (stdout: string): unknown => JSON.parse(stdout.trim().split('\n').at(-1) as string);

describe('scripts/listing-extract.ts', () => {
  it('prints the capped photo lists of the fixture pages as its last line', async () => {
    const [airbnb, booking] = await Promise.all([
      run([fixturePath(AIRBNB_SSR), AIRBNB_SSR.url]),
      run([fixturePath(BOOKING_2026), BOOKING_2026.url]),
    ]);
    expect(airbnb.code).toBe(0);
    expect(lastLine(airbnb.stdout)).toEqual({ platform: 'airbnb', images: AIRBNB_SSR.expected.slice(0, 10) });
    expect(airbnb.stdout).toContain('photos: 10 of 17 found, from: deferred-state');
    expect(booking.code).toBe(0);
    expect(lastLine(booking.stdout)).toEqual({
      platform: 'booking',
      images: BOOKING_2026.expected.slice(0, 20),
    });
  });

  it('reports a page without photos with exit code 1 and the German message', async () => {
    const [airbnb, booking] = await Promise.all([
      run([fixturePath(AIRBNB_NEGATIVE), AIRBNB_NEGATIVE.url]),
      run([fixturePath(BOOKING_404), BOOKING_404.url]),
    ]);
    expect(airbnb.code).toBe(1);
    expect(lastLine(airbnb.stdout)).toEqual({
      platform: 'airbnb',
      images: [],
      problem: 'noImages',
      error: 'Auf der Airbnb-Seite wurden keine Bilder gefunden.',
    });
    expect(booking.code).toBe(1);
    expect(lastLine(booking.stdout)).toMatchObject({ platform: 'booking', images: [], problem: 'notFound' });
  });

  it('explains its usage and refuses links it cannot import', async () => {
    const [usage, unsupported] = await Promise.all([
      run([]),
      run([fixturePath(AIRBNB_SSR), 'https://www.example.com/rooms/12345678']),
    ]);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toContain('Usage: npm run listing:extract -- <saved-page.html> <listing-url>');
    expect(unsupported.code).toBe(2);
    expect(unsupported.stderr).toContain('UNSUPPORTED_PLATFORM');
  });
});
