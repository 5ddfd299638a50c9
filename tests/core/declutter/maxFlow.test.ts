import { describe, expect, it } from 'vitest';
import { FlowGraph } from '../../../core/declutter/maxFlow';

/** Builds a graph from terminal links [node, fromSource, toSink] and edges [a, b, forward, backward]. */
function cut(nodes: number, terminals: number[][], edges: number[][]): number[] {
  const graph = new FlowGraph(nodes, 1);
  for (const [i, s, t] of terminals) graph.addTerminal(i!, s!, t!);
  for (const [a, b, f, r] of edges) graph.addEdge(a!, b!, f!, r ?? 0);
  return [...graph.minCut()];
}

describe('FlowGraph#minCut', () => {
  it.each([
    {
      name: 'a node tied to the source only stays with it',
      nodes: 2,
      terminals: [
        [0, 5, 0],
        [1, 0, 5],
      ],
      edges: [],
      side: [1, 0],
    },
    {
      name: 'a strong edge pulls a weakly sink-tied node to the source side',
      nodes: 2,
      terminals: [
        [0, 10, 0],
        [1, 0, 1],
      ],
      edges: [[0, 1, 5, 5]],
      side: [1, 1],
    },
    {
      name: 'a weak edge is cut instead',
      nodes: 2,
      terminals: [
        [0, 10, 0],
        [1, 0, 3],
      ],
      edges: [[0, 1, 1, 1]],
      side: [1, 0],
    },
    {
      // Cutting the chain's middle edge (1) is cheaper than either end's terminal links (4).
      name: 'a chain is cut at its weakest link',
      nodes: 4,
      terminals: [
        [0, 4, 0],
        [3, 0, 4],
      ],
      edges: [
        [0, 1, 3, 3],
        [1, 2, 1, 1],
        [2, 3, 3, 3],
      ],
      side: [1, 1, 0, 0],
    },
    {
      name: 'both terminal links: only their difference counts',
      nodes: 1,
      terminals: [[0, 7, 5]],
      edges: [],
      side: [1],
    },
  ])('$name', ({ nodes, terminals, edges, side }) => {
    expect(cut(nodes, terminals, edges)).toEqual(side);
  });

  it('finds the classic example’s cut of value 23 (CLRS figure 26.1)', () => {
    // s=node 4, t=node 5 via terminals; v1..v4 = 0..3. Edges s->v1 16, s->v2 13, v1->v3 12, v2->v1 4,
    // v2->v4 14, v3->v2 9, v3->t 20, v4->v3 7, v4->t 4. The minimum cut {s, v1, v2, v4} | {v3, t}.
    const side = cut(
      4,
      [
        [0, 16, 0],
        [1, 13, 0],
        [2, 0, 20],
        [3, 0, 4],
      ],
      [
        [0, 2, 12],
        [1, 0, 4],
        [1, 3, 14],
        [2, 1, 9],
        [3, 2, 7],
      ],
    );
    expect(side).toEqual([1, 1, 0, 1]);
  });

  it('grows its edge arrays past the hint', () => {
    const n = 500;
    const graph = new FlowGraph(n, 1);
    graph.addTerminal(0, 100, 0);
    graph.addTerminal(n - 1, 0, 100);
    for (let i = 0; i + 1 < n; i++) graph.addEdge(i, i + 1, i === 250 ? 1 : 10, i === 250 ? 1 : 10);
    const side = graph.minCut();
    expect(side[250]).toBe(1);
    expect(side[251]).toBe(0);
  });
});
