// `npm run stage -- <photo> <out.jpg> [--style auto|modern|classic|minimal|cozy] [--budget-max <euro>] [--room]`: virtual
// staging of one photo with the web app's own scene code, in headless Chromium (Debian's /usr/bin/chromium, software
// WebGL): the room analysis picks the products as the server's analysis does, then the page segments the photo,
// fits the camera and floor, lays the pieces out and renders them. The last line is JSON:
// {"width","height","camera":{"focalPx","pitchDeg","rollDeg","horizonY"},"pieces":[{"id","category","onFloor","box"}],"ms"}
import { readFile, writeFile } from 'node:fs/promises';
import { ANALYSIS_MAX_SIDE } from '../core/analysis/room/downscale';
import { STAGING_BUDGET_MAX_EUR, STAGING_STYLES, type StagingStyle } from '../core/catalog/limits';
import { recommendStaging, toStagingProduct } from '../core/staging';
import { classifyRgba } from '../server/ai/room';
import { ImagePool } from '../server/pool/imagePool';
import { decodeRgba } from '../server/pool/images';
import { productSourceFromEnv } from '../server/staging/productSource';
import { inputOutputArgs } from './lib/cliArgs';
import { runMain } from './lib/runMain';
import { launchChromium, serveStagingPage } from './lib/stagingPage';
import type { StagePageInput, StagePageResult } from '../web/staging/cli/contract';

const USAGE =
  'usage: npm run stage -- <photo> <out.jpg> [--style auto|modern|classic|minimal|cozy] [--budget-max <euro>] [--room]\n';
function parse():
  { input: string; output: string; style: StagingStyle; budgetMax: number; drawRoom: boolean } | number {
  const args = inputOutputArgs(
    {
      style: { type: 'string', default: 'auto' },
      'budget-max': { type: 'string', default: String(STAGING_BUDGET_MAX_EUR) },
      room: { type: 'boolean', default: false },
    },
    USAGE,
  );
  if (typeof args === 'number') return args;
  const { input, output, values } = args;
  const style = values.style as StagingStyle;
  const budgetMax = Number(values['budget-max']);
  if (!STAGING_STYLES.includes(style) || !(budgetMax >= 0)) {
    process.stderr.write(USAGE);
    return 2;
  }
  return {
    input,
    output,
    style,
    budgetMax: Math.min(budgetMax, STAGING_BUDGET_MAX_EUR),
    drawRoom: values.room === true,
  };
}

async function main(): Promise<number> {
  const args = parse();
  if (typeof args === 'number') return args;
  const started = performance.now();
  const photo = await readFile(args.input);

  // This script's own image threads, for the one decode.
  const pool = new ImagePool();
  const room = await classifyRgba(await decodeRgba(pool, photo, ANALYSIS_MAX_SIDE));
  await pool.close();
  const selection = await recommendStaging(productSourceFromEnv(process.env), {
    room: room.roomType,
    style: args.style,
    budget: { min: 0, max: args.budgetMax },
  });
  const products = selection.picks.filter((pick) => pick.selected).map((pick) => toStagingProduct(pick));
  const spares = selection.picks.filter((pick) => !pick.selected).map((pick) => toStagingProduct(pick));

  const page = await serveStagingPage('/web/staging/cli/page.ts', photo);
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => process.stderr.write(`page: ${error.message}\n`));
    tab.on('console', (message) => {
      if (message.type() === 'error') process.stderr.write(`page: ${message.text()}\n`);
    });
    await tab.goto(page.origin + '/');
    await tab.waitForFunction(() => 'raumglanzStage' in globalThis, undefined, { timeout: 120_000 });
    const input: StagePageInput = { photoUrl: '/photo', products, spares, drawRoom: args.drawRoom };
    const result = await tab.evaluate(
      (given) =>
        (
          globalThis as unknown as { raumglanzStage(i: StagePageInput): Promise<StagePageResult> }
        ).raumglanzStage(given),
      input,
    );
    await writeFile(args.output, Buffer.from(result.jpegBase64, 'base64'));
    process.stdout.write(
      `${room.roomType}: ${result.pieces.length} Möbelstücke platziert` +
        (result.leftOut.length
          ? `, ausgelassen: ${result.leftOut.map((l) => `${l.id} (${l.reason})`).join(', ')}`
          : '') +
        '\n',
    );
    process.stdout.write(
      JSON.stringify({
        width: result.width,
        height: result.height,
        camera: result.camera,
        pieces: result.pieces,
        ms: Math.round(performance.now() - started),
      }) + '\n',
    );
  } finally {
    await browser.close();
    await page.close();
  }
  return 0;
}

runMain(main);
