// `npm run declutter -- <in.jpg> <out.jpg> [--mode declutter]`: the builtin provider's removal on one file, as the
// server runs it (decode at the provider's size, detect, fill, encode: all in the server's image pool). Prints the German
// description, then one JSON line last: {"removed":[{"label","box":[x,y,w,h]}],"objectsBefore","objectsAfter","ms"}
// with boxes in pixels; objectsAfter is the same detector's count of the mode's clutter on the result.
import { writeFile } from 'node:fs/promises';
import { isDeclutterMode, type DeclutterModeId } from '../core/declutter';
import { BUILTIN_MAX_SIDE } from '../server/ai/builtin';
import { clutterOfModes, declutterRgba, poolObjectDetector } from '../server/ai/builtin/declutter';
import { ImagePool } from '../server/pool/imagePool';
import { decodeRgba, encodeJpeg } from '../server/pool/images';
import { inputOutputArgs } from './lib/cliArgs';
import { runMain } from './lib/runMain';

const USAGE = 'usage: npm run declutter -- <in.jpg> <out.jpg> [--mode declutter]\n';

async function main(): Promise<number> {
  const args = inputOutputArgs({ mode: { type: 'string', default: 'declutter' } }, USAGE);
  if (typeof args === 'number') return args;
  const { input, output, values } = args;
  const mode = values.mode;
  if (!isDeclutterMode(mode)) {
    process.stderr.write(`unknown removal mode ${JSON.stringify(mode)}\n${USAGE}`);
    return 2;
  }
  const modes: DeclutterModeId[] = [mode];
  const started = performance.now();
  // This script's own image threads, as the server has its own (server/pool).
  const pool = new ImagePool();
  const detect = poolObjectDetector(pool);
  const image = await decodeRgba(pool, input, BUILTIN_MAX_SIDE);
  const result = await declutterRgba(pool, image, modes, detect);
  await writeFile(output, await encodeJpeg(pool, result.image));
  const ms = Math.round(performance.now() - started);
  const after = await detect(result.image);
  await pool.close();
  process.stdout.write(`${result.description}\n`);
  process.stdout.write(
    JSON.stringify({
      removed: result.removed.map((o) => ({ label: o.label, box: o.box })),
      objectsBefore: clutterOfModes(image, result.detections, modes).length,
      objectsAfter: clutterOfModes(result.image, after, modes).length,
      ms,
    }) + '\n',
  );
  return 0;
}

runMain(main);
