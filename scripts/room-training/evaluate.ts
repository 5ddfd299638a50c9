// Accuracy bookkeeping for labelled photos: the confusion matrix, per-class and overall accuracy. Training-only,
// shared by `npm run analyze -- --labels` and scripts/train-room-head.ts, so both report the same way.

export interface Evaluation<C extends string> {
  classes: C[];
  /** confusion[expected][predicted] = number of photos. Predictions outside `classes` count under 'other'. */
  confusion: Record<C, Record<string, number>>;
  perClass: Record<C, { correct: number; total: number; accuracy: number }>;
  correct: number;
  total: number;
  accuracy: number;
}

export function evaluate<C extends string>(
  classes: readonly C[],
  pairs: ReadonlyArray<{ expected: C; predicted: string }>,
): Evaluation<C> {
  const confusion = {} as Record<C, Record<string, number>>;
  const perClass = {} as Evaluation<C>['perClass'];
  for (const c of classes) {
    confusion[c] = {};
    perClass[c] = { correct: 0, total: 0, accuracy: 0 };
  }
  let correct = 0;
  for (const { expected, predicted } of pairs) {
    const row: Record<string, number> | undefined = confusion[expected];
    if (!row) throw new Error(`unknown expected class: ${expected}`);
    const column = (classes as readonly string[]).includes(predicted) ? predicted : 'other';
    row[column] = (row[column] ?? 0) + 1;
    perClass[expected].total++;
    if (predicted === expected) {
      perClass[expected].correct++;
      correct++;
    }
  }
  for (const c of classes) {
    const p = perClass[c];
    p.accuracy = p.total > 0 ? p.correct / p.total : 0;
  }
  return {
    classes: [...classes],
    confusion,
    perClass,
    correct,
    total: pairs.length,
    accuracy: pairs.length > 0 ? correct / pairs.length : 0,
  };
}

/** A fixed-width text table of the confusion matrix (rows: expected, columns: predicted), for people. */
export function formatConfusion<C extends string>(e: Evaluation<C>): string {
  const columns: string[] = [...e.classes];
  if (e.classes.some((c) => (e.confusion[c].other ?? 0) > 0)) columns.push('other');
  const width = Math.max(10, ...columns.map((c) => c.length + 1));
  const pad = (s: string) => s.padStart(width);
  const lines = [pad('expected\\got') + columns.map(pad).join('') + pad('accuracy')];
  for (const c of e.classes) {
    const cells = columns.map((p) => pad(String(e.confusion[c][p] ?? 0)));
    lines.push(pad(c) + cells.join('') + pad(`${(e.perClass[c].accuracy * 100).toFixed(0)}%`));
  }
  lines.push(`overall ${e.correct}/${e.total} = ${(e.accuracy * 100).toFixed(1)}%`);
  return lines.join('\n');
}
