// Minimum s-t cut of a small capacitated graph (Dinic's max-flow: BFS levels, blocking flows by depth-first search
// with current-arc pointers), for the graph cut of graphCut.ts. Typed arrays throughout: the graphs are pixel grids
// of a few ten thousand nodes with eight edges each, and npm has no maintained max-flow package that fits.

export class FlowGraph {
  readonly nodes: number;
  readonly source: number;
  readonly sink: number;
  private head: Int32Array;
  private next: Int32Array;
  private to: Int32Array;
  private cap: Float64Array;
  private edges = 0;

  /** `nodes` inner nodes 0..nodes-1, then the source and the sink; room for `edgeHint` edge pairs. */
  constructor(nodes: number, edgeHint = nodes * 6) {
    this.nodes = nodes;
    this.source = nodes;
    this.sink = nodes + 1;
    this.head = new Int32Array(nodes + 2).fill(-1);
    this.next = new Int32Array(edgeHint * 2);
    this.to = new Int32Array(edgeHint * 2);
    this.cap = new Float64Array(edgeHint * 2);
  }

  private grow(): void {
    const size = this.to.length * 2;
    const grown = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.next = grown(this.next, (n) => new Int32Array(n));
    this.to = grown(this.to, (n) => new Int32Array(n));
    this.cap = grown(this.cap, (n) => new Float64Array(n));
  }

  private half(from: number, to: number, cap: number): void {
    if (this.edges >= this.to.length) this.grow();
    const e = this.edges++;
    this.to[e] = to;
    this.cap[e] = cap;
    this.next[e] = this.head[from]!;
    this.head[from] = e;
  }

  /** An edge a -> b of capacity `forward` and b -> a of `backward` (an n-link has both equal). */
  addEdge(a: number, b: number, forward: number, backward = 0): void {
    this.half(a, b, forward);
    this.half(b, a, backward);
  }

  /** Terminal links of node `i`: from the source (cost of calling it sink side) and to the sink. */
  addTerminal(i: number, fromSource: number, toSink: number): void {
    // Only the difference matters for the cut; it keeps the flow and the augmenting paths short.
    const common = Math.min(fromSource, toSink);
    if (fromSource - common > 0) this.addEdge(this.source, i, fromSource - common);
    if (toSink - common > 0) this.addEdge(i, this.sink, toSink - common);
  }

  /** Runs the max-flow and answers, per inner node, 1 on the source side of the minimum cut. */
  minCut(): Uint8Array {
    const total = this.nodes + 2;
    const level = new Int32Array(total);
    const queue = new Int32Array(total);
    const current = new Int32Array(total);
    const stack = new Int32Array(total);
    const via = new Int32Array(total);
    const bfs = (): boolean => {
      level.fill(-1);
      level[this.source] = 0;
      let read = 0;
      let write = 0;
      queue[write++] = this.source;
      while (read < write) {
        const v = queue[read++]!;
        for (let e = this.head[v]!; e !== -1; e = this.next[e]!) {
          const w = this.to[e]!;
          if (this.cap[e]! > 1e-12 && level[w] === -1) {
            level[w] = level[v]! + 1;
            queue[write++] = w;
          }
        }
      }
      return level[this.sink] !== -1;
    };
    while (bfs()) {
      current.set(this.head);
      // Depth-first augmenting paths along increasing levels, iteratively (a path may be thousands of nodes long).
      for (;;) {
        let depth = 0;
        stack[0] = this.source;
        let reached = false;
        while (depth >= 0) {
          const v = stack[depth]!;
          if (v === this.sink) {
            reached = true;
            break;
          }
          let e = current[v]!;
          while (e !== -1) {
            const w = this.to[e]!;
            if (this.cap[e]! > 1e-12 && level[w] === level[v]! + 1) break;
            e = this.next[e]!;
          }
          current[v] = e;
          if (e === -1) {
            // Dead end: no path through v in this phase.
            level[v] = -1;
            depth--;
            if (depth >= 0) current[stack[depth]!] = this.next[current[stack[depth]!]!]!;
            continue;
          }
          via[depth] = e;
          stack[++depth] = this.to[e]!;
        }
        if (!reached) break;
        let push = Infinity;
        for (let d = 0; d < depth; d++) push = Math.min(push, this.cap[via[d]!]!);
        for (let d = 0; d < depth; d++) {
          this.cap[via[d]!]! -= push;
          // Edges come in pairs: e ^ 1 is the reverse.
          this.cap[via[d]! ^ 1]! += push;
        }
      }
    }
    // The source side: reachable from the source in the residual graph.
    const side = new Uint8Array(total);
    let read = 0;
    let write = 0;
    queue[write++] = this.source;
    side[this.source] = 1;
    while (read < write) {
      const v = queue[read++]!;
      for (let e = this.head[v]!; e !== -1; e = this.next[e]!) {
        const w = this.to[e]!;
        if (this.cap[e]! > 1e-12 && !side[w]) {
          side[w] = 1;
          queue[write++] = w;
        }
      }
    }
    return side.subarray(0, this.nodes);
  }
}
