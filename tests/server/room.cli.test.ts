// `npm run analyze` as a user runs it: one JSON line per photo, a JSON summary last, accuracy and the
// confusion matrix with --labels. The labelled folder is built from symlinks in a temp dir (the research
// photos are never copied).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const ROOMS = resolve(REPO, '../shared/fixtures/rooms');

function analyze(args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/analyze.ts', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = run.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: run.status, lines, stderr: run.stderr };
}

describe('npm run analyze', () => {
  const temp = mkdtempSync(join(tmpdir(), 'raumglanz-analyze-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('prints one JSON line per file and a summary last', () => {
    const { status, lines } = analyze([
      join(ROOMS, 'kitchen/97_kitchen.jpg'),
      join(ROOMS, 'frontal/165_frontal.jpg'),
    ]);
    expect(status).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ file: join(ROOMS, 'kitchen/97_kitchen.jpg'), roomType: 'kitchen' });
    expect(lines[1]).toMatchObject({ roomType: 'exterior' });
    for (const line of lines.slice(0, 2)) {
      expect(Object.keys(line)).toEqual(['file', 'roomType', 'confidence', 'visibleElements', 'ms']);
      expect(line.ms).toBeGreaterThan(0);
    }
    expect(lines[2]).toMatchObject({
      summary: { files: 2, analysed: 2, failed: 0, roomTypes: { kitchen: 1, exterior: 1 } },
    });
  }, 60_000);

  it('measures accuracy and prints the confusion matrix for a labelled folder', () => {
    const labels = join(temp, 'labels');
    const pick: Record<string, string> = {
      bathroom: '261_bathroom.jpg',
      bedroom: '220_bedroom.jpg',
      kitchen: '97_kitchen.jpg',
      frontal: '165_frontal.jpg',
      living_room: 'Places365_val_00001876.jpg',
    };
    for (const [folder, file] of Object.entries(pick)) {
      mkdirSync(join(labels, folder), { recursive: true });
      symlinkSync(join(ROOMS, folder, file), join(labels, folder, file));
    }
    const { status, lines, stderr } = analyze(['--labels', labels]);
    expect(status).toBe(0);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatchObject({ expected: 'bathroom', roomType: 'bathroom' });
    const summary = lines[5].summary as Record<string, unknown>;
    expect(summary).toMatchObject({
      files: 5,
      accuracy: 1,
      perClass: { bathroom: 1, bedroom: 1, kitchen: 1, exterior: 1, livingRoom: 1 },
      confusion: { exterior: { exterior: 1 }, livingRoom: { livingRoom: 1 } },
    });
    expect(stderr).toMatch(/expected\\got/);
    expect(stderr).toContain('overall 5/5 = 100.0%');
  }, 60_000);

  it('reports a file it cannot read as an error line, goes on, and exits 1', () => {
    const { status, lines } = analyze([join(temp, 'missing.jpg'), join(ROOMS, 'bedroom/220_bedroom.jpg')]);
    expect(status).toBe(1);
    expect(lines[0]).toMatchObject({ file: join(temp, 'missing.jpg') });
    expect(lines[0].error).toEqual(expect.any(String));
    expect(lines[1]).toMatchObject({ roomType: 'bedroom' });
    expect(lines[2]).toMatchObject({ summary: { files: 2, analysed: 1, failed: 1 } });
  }, 60_000);

  it('explains its usage when called without photos', () => {
    const { status, lines, stderr } = analyze([]);
    expect(status).toBe(2);
    expect(lines).toEqual([]);
    expect(stderr).toContain('usage: npm run analyze');
  });
});
