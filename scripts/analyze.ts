// `npm run analyze -- <image files...>` or `npm run analyze -- --labels <folder>`: the on-device room analysis
// run in Node. Prints one JSON line per photo ({"file", "roomType", "confidence", "visibleElements", "ms"}) and a
// JSON summary as the last line; with --labels (sub-folders bathroom, bedroom, kitchen, frontal, living_room)
// also the per-class and overall accuracy and the confusion matrix (a readable table goes to stderr).
import { parseArgs } from 'node:util';
import { ANALYSIS_MAX_SIDE } from '../core/analysis/room/downscale';
import { ROOM_TYPES, type RoomType } from '../core/catalog';
import { classifyRgba, warmUpRoomAnalysis } from '../server/ai/room';
import { ImagePool } from '../server/pool/imagePool';
import { decodeRgba } from '../server/pool/images';
import { evaluate, formatConfusion, type Evaluation } from './room-training/evaluate';
import { listLabelledPhotos } from './room-training/labelledPhotos';

const USAGE = 'usage: npm run analyze -- <image files...>\n       npm run analyze -- --labels <folder>\n';

interface Job {
  file: string;
  expected?: RoomType;
}

function print(line: unknown): void {
  process.stdout.write(JSON.stringify(line) + '\n');
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { labels: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || (!values.labels && positionals.length === 0)) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const jobs: Job[] = values.labels
    ? listLabelledPhotos(values.labels).map((p) => ({ file: p.path, expected: p.expected }))
    : positionals.map((file) => ({ file }));

  await warmUpRoomAnalysis();
  // This script's own image threads, for the decodes (the analysis itself runs here, as before).
  const pool = new ImagePool();
  const times: number[] = [];
  const counts: Partial<Record<RoomType, number>> = {};
  const pairs: { expected: RoomType; predicted: RoomType }[] = [];
  let failed = 0;
  for (const job of jobs) {
    const started = performance.now();
    try {
      const result = await classifyRgba(await decodeRgba(pool, job.file, ANALYSIS_MAX_SIDE));
      const ms = Math.round(performance.now() - started);
      times.push(ms);
      counts[result.roomType] = (counts[result.roomType] ?? 0) + 1;
      if (job.expected) pairs.push({ expected: job.expected, predicted: result.roomType });
      print({
        file: job.file,
        roomType: result.roomType,
        confidence: Math.round(result.confidence * 1000) / 1000,
        ...(job.expected ? { expected: job.expected } : {}),
        visibleElements: result.visibleElements,
        ms,
      });
    } catch (error) {
      failed++;
      print({ file: job.file, error: (error as Error).message });
    }
  }
  await pool.close();

  let evaluation: Evaluation<RoomType> | undefined;
  if (values.labels) {
    const classes = ROOM_TYPES.filter((t) => pairs.some((p) => p.expected === t));
    evaluation = evaluate(classes, pairs);
    process.stderr.write(formatConfusion(evaluation) + '\n');
  }
  const sorted = [...times].sort((a, b) => a - b);
  print({
    summary: {
      files: jobs.length,
      analysed: times.length,
      failed,
      roomTypes: counts,
      ms: {
        mean: times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : 0,
        median: sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0,
        max: sorted.length ? sorted[sorted.length - 1] : 0,
      },
      ...(evaluation
        ? {
            accuracy: round(evaluation.accuracy),
            perClass: Object.fromEntries(
              evaluation.classes.map((c) => [c, round(evaluation.perClass[c].accuracy)]),
            ),
            confusion: evaluation.confusion,
          }
        : {}),
    },
  });
  return failed > 0 ? 1 : 0;
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

process.exitCode = await main();
