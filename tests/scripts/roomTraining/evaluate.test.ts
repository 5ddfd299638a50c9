import { describe, it, expect } from 'vitest';
import { evaluate, formatConfusion } from '../../../scripts/room-training/evaluate';

describe('#evaluate', () => {
  const pairs = [
    { expected: 'kitchen', predicted: 'kitchen' },
    { expected: 'kitchen', predicted: 'kitchen' },
    { expected: 'kitchen', predicted: 'bathroom' },
    { expected: 'bathroom', predicted: 'bathroom' },
    { expected: 'bathroom', predicted: 'general' },
  ] as const;

  it('counts the confusion matrix, per-class and overall accuracy', () => {
    const e = evaluate(['kitchen', 'bathroom'], pairs);
    expect(e.confusion).toEqual({
      kitchen: { kitchen: 2, bathroom: 1 },
      bathroom: { bathroom: 1, other: 1 },
    });
    expect(e.perClass.kitchen).toEqual({ correct: 2, total: 3, accuracy: 2 / 3 });
    expect(e.perClass.bathroom).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    expect([e.correct, e.total, e.accuracy]).toEqual([3, 5, 0.6]);
  });

  it('gives 0 for an empty evaluation and refuses an unknown expected class', () => {
    expect(evaluate(['kitchen'], []).accuracy).toBe(0);
    expect(() => evaluate(['kitchen'], [{ expected: 'attic' as 'kitchen', predicted: 'kitchen' }])).toThrow(
      /attic/,
    );
  });

  it('prints a table with an "other" column only when needed', () => {
    const text = formatConfusion(evaluate(['kitchen', 'bathroom'], pairs));
    expect(text.split('\n')[0]).toMatch(/kitchen\s+bathroom\s+other\s+accuracy/);
    expect(text).toMatch(/kitchen\s+2\s+1\s+0\s+67%/);
    expect(text).toContain('overall 3/5 = 60.0%');
    const clean = formatConfusion(evaluate(['kitchen'], [{ expected: 'kitchen', predicted: 'kitchen' }]));
    expect(clean).not.toContain('other');
  });
});
