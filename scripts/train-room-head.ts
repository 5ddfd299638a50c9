// Trains the room head (models/room-head.json) on labelled photos and reports its honest accuracy.
//   node --import tsx scripts/train-room-head.ts [--labels ../shared/fixtures/rooms] [--out models/room-head.json]
// Each photo is seen twice, at the analysis size and shrunk to 256 px, so the head cannot learn "small photo =
// living room" from a data set whose living rooms happen to be small. Accuracy is measured leave-one-house-out
// (photos of one house are held out together) on the analysis-size photos only; the weights are then fitted on
// everything. Only the weights are written: the photos never enter the repository.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { ANALYSIS_MAX_SIDE } from '../core/analysis/room/downscale';
import { type RoomHeadWeights } from '../core/analysis/room/headWeights';
import { predictProbabilities } from '../core/analysis/room/linearHead';
import { ROOM_FEATURE_NAMES, roomFeatureVector } from '../core/analysis/room/roomFeatures';
import { priorLogits } from '../core/analysis/room/rulePrior';
import type { RoomType } from '../core/catalog';
import { roomSignals } from '../server/ai/room/signals';
import { ImagePool } from '../server/pool/imagePool';
import { decodeRgba } from '../server/pool/images';
import { evaluate, formatConfusion } from './room-training/evaluate';
import { fitLinearHead, type FitOptions } from './room-training/fitLinearHead';
import { listLabelledPhotos } from './room-training/labelledPhotos';

const { values } = parseArgs({
  options: {
    labels: { type: 'string', default: '../shared/fixtures/rooms' },
    out: { type: 'string', default: 'models/room-head.json' },
    l2: { type: 'string', default: '0.3' },
    iterations: { type: 'string', default: '800' },
    'general-below': { type: 'string', default: '0.4' },
    /** 'no' trains the head alone, without the fixed rule votes of rulePrior.ts (to measure what they add). */
    'rule-prior': { type: 'string', default: 'yes' },
    /** A JSON file to keep the computed features in, so trying other settings skips the 2-minute detector pass. */
    cache: { type: 'string' },
  },
});
const fit: FitOptions = { l2: Number(values.l2), iterations: Number(values.iterations), learningRate: 0.5 };
const generalBelow = Number(values['general-below']);
const usesRulePrior = values['rule-prior'] !== 'no';
/** The low-resolution copy each photo is also trained on. */
const AUGMENT_SIDE = 256;

interface Row {
  group: string;
  label: number;
  native: number[];
  small: number[];
}

async function features(pool: ImagePool, path: string, maxSide = ANALYSIS_MAX_SIDE): Promise<number[]> {
  const { output, scene } = await roomSignals(await decodeRgba(pool, path, maxSide));
  return roomFeatureVector(output, scene);
}

async function computeRows(classes: RoomType[]): Promise<Row[]> {
  const photos = listLabelledPhotos(resolve(values.labels)).filter((p) => classes.includes(p.expected));
  // This script's own image threads, for the decodes.
  const pool = new ImagePool();
  const rows: Row[] = [];
  for (const [i, p] of photos.entries()) {
    rows.push({
      group: p.group,
      label: classes.indexOf(p.expected),
      native: await features(pool, p.path),
      small: await features(pool, p.path, AUGMENT_SIDE),
    });
    if ((i + 1) % 20 === 0) process.stderr.write(`features: ${i + 1}/${photos.length}\n`);
  }
  await pool.close();
  return rows;
}

async function main(): Promise<void> {
  const photos = listLabelledPhotos(resolve(values.labels));
  // 'general' is what the head answers when unsure, never a class it learns.
  const classes = [...new Set(photos.map((p) => p.expected))].filter((c) => c !== 'general');
  const cache = values.cache;
  const rows: Row[] =
    cache && existsSync(cache)
      ? (JSON.parse(readFileSync(cache, 'utf8')) as Row[])
      : await computeRows(classes);
  if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(rows));

  const trainOn = (subset: Row[]) =>
    fitLinearHead(
      subset.flatMap((r) => [r.native, r.small]),
      subset.flatMap((r) => [r.label, r.label]),
      classes.length,
      fit,
      usesRulePrior ? subset.flatMap((r) => [prior(r.native), prior(r.small)]) : undefined,
    );
  const prior = (row: number[]) => priorLogits(row, classes);
  /** The head's answer for one row: a trained room, or 'general' when it is not sure enough. */
  const decide = (p: number[]): RoomType => {
    const best = p.indexOf(Math.max(...p));
    return p[best] >= generalBelow ? classes[best] : 'general';
  };

  // Baseline: the rule votes alone, nothing trained (ties and no votes at all count as 'general').
  const rulesOnly = evaluate(
    classes,
    rows.map((r) => {
      const votes = prior(r.native);
      const top = Math.max(...votes);
      const winners = votes.filter((v) => v === top).length;
      return {
        expected: classes[r.label],
        predicted: top > 0 && winners === 1 ? classes[votes.indexOf(top)] : 'general',
      };
    }),
  );
  process.stdout.write(`rules only (rulePrior.ts, nothing trained):\n${formatConfusion(rulesOnly)}\n\n`);

  const pairs: { expected: RoomType; predicted: RoomType }[] = [];
  const smallPairs: { expected: RoomType; predicted: RoomType }[] = [];
  for (const group of new Set(rows.map((r) => r.group))) {
    const head = trainOn(rows.filter((r) => r.group !== group));
    for (const r of rows.filter((row) => row.group === group)) {
      const expected = classes[r.label];
      pairs.push({
        expected,
        predicted: decide(predictProbabilities(head, r.native, usesRulePrior ? prior(r.native) : undefined)),
      });
      smallPairs.push({
        expected,
        predicted: decide(predictProbabilities(head, r.small, usesRulePrior ? prior(r.small) : undefined)),
      });
    }
  }
  const heldOut = evaluate(classes, pairs);
  process.stdout.write(
    `held-out (leave-one-house-out), l2=${fit.l2}, rule prior: ${usesRulePrior}:\n${formatConfusion(heldOut)}\n`,
  );
  process.stdout.write(
    `photos called 'general' (top probability < ${generalBelow}): ${pairs.filter((p) => p.predicted === 'general').length}\n`,
  );
  // The same held-out photos shrunk to 256 px: a head that learned image size instead of content drops here.
  const small = evaluate(classes, smallPairs);
  process.stdout.write(`held-out at ${AUGMENT_SIDE} px: ${(small.accuracy * 100).toFixed(1)}%\n\n`);

  const head = trainOn(rows);
  const out: RoomHeadWeights = {
    format: 'raumglanz-room-head',
    version: 1,
    classes,
    features: [...ROOM_FEATURE_NAMES],
    mean: head.mean.map(round),
    scale: head.scale.map(round),
    weights: head.weights.map((w) => w.map(round)),
    bias: head.bias.map(round),
    generalBelow,
    usesRulePrior,
    training: {
      photos: rows.length,
      l2: fit.l2,
      iterations: fit.iterations,
      heldOut: {
        accuracy: round(heldOut.accuracy),
        perClass: Object.fromEntries(classes.map((c) => [c, round(heldOut.perClass[c].accuracy)])),
        confusion: heldOut.confusion,
      },
    },
  };
  mkdirSync(dirname(values.out), { recursive: true });
  // Formatted as the repository's prettier check expects, so a fresh training run passes `npm run lint`.
  const style = await resolveConfig(resolve(values.out));
  writeFileSync(values.out, await format(JSON.stringify(out), { ...style, filepath: resolve(values.out) }));
  process.stdout.write(`wrote ${values.out}\n`);
}

function round(v: number): number {
  return Math.round(v * 1e5) / 1e5;
}

await main();
