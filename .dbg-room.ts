// scratch debug (deleted after): room model + layout for a photo
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { fitCamera } from './core/staging/room/fitCamera';
import { roomFromLabels } from './core/staging/room/floorPlan';
import { layoutRoom } from './core/staging/layout';
import { existingAnchors } from './core/staging/layout/existing';
import { makeScene } from './core/staging/layout/constraints';
import { categoryById } from './core/staging/categories';
import { createSegmenter } from './web/staging/segmenter';
const require = createRequire(import.meta.url);
const ORT = pathToFileURL(`${dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'))}/`).href;
const seg = createSegmenter({ loadModel: async () => new Uint8Array(await readFile('models/deeplabv3-ade20k/deeplabv3_mnv2_ade20k_uint8.onnx')), wasmPaths: ORT, numThreads: 1 });
const cats = (process.env.CATS ?? 'bed,nightstand:2,rug,artwork,wardrobe,tableLamp,mirror,armchair,cushions,throw,bedLinen,coffeeTable,sideTable,floorLamp,plant').split(',');
for (const photo of process.argv.slice(2)) {
  const meta = await sharp(photo).metadata();
  const s = Math.min(1, 1024 / Math.max(meta.width!, meta.height!));
  const { data, info } = await sharp(photo).resize(Math.round(meta.width! * s), Math.round(meta.height! * s)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const labels = await seg.segment({ width: info.width, height: info.height, data: new Uint8ClampedArray(data) });
  const gray = new Float32Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
  const camera = fitCamera({ gray: { width: info.width, height: info.height, data: gray } });
  const room = roomFromLabels(labels, camera);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const poly = (p: { x: number; z: number }[]) => p.map((q) => `(${r2(q.x)},${r2(q.z)})`).join(' ');
  console.log('##', photo, 'yaw', r2(room.camera.yawDeg), 'h', r2(room.camera.heightM));
  console.log('floor', poly(room.floor));
  room.walls.forEach((w) => console.log('wall', poly([w.a, w.b]), 'n', r2(w.normal.x), r2(w.normal.z)));
  room.keepFree.forEach((k) => console.log('keep', k.kind, poly(k.polygon)));
  room.obstacles.forEach((o, i) => console.log('obst', i, o.label, poly(o.polygon), 'h', o.heightM && r2(o.heightM)));
  for (const a of existingAnchors(makeScene(room))) console.log('anchor', a.key, a.category, r2(a.x), r2(a.z), a.rotationDeg, r2(a.sizeM.w), r2(a.sizeM.d), r2(a.sizeM.h));
  const products = cats.map((c) => { const [cat, q] = c.split(':'); const d = categoryById(cat as never).dimensions; return { id: cat!, category: cat as never, quantity: Number(q ?? 1), sizeM: { w: d.w / 100, d: d.d / 100, h: d.h / 100 } }; });
  const res = layoutRoom(room, products);
  for (const p of res.pieces) console.log('piece', p.key, r2(p.x), r2(p.z), p.rotationDeg, p.on ?? '', r2(p.elevationM));
  {
    const pts = [...room.floor, ...room.obstacles.flatMap((o) => o.polygon)];
    const minX = Math.min(...pts.map((p) => p.x)) - 0.5, maxX = Math.max(...pts.map((p) => p.x)) + 0.5;
    const minZ = Math.min(...pts.map((p) => p.z)) - 0.5, maxZ = Math.max(...pts.map((p) => p.z)) + 0.5;
    const S = 500 / Math.max(maxX - minX, maxZ - minZ);
    const P = (q: { x: number; z: number }) => `${((q.x - minX) * S).toFixed(1)},${((q.z - minZ) * S).toFixed(1)}`;
    const pg = (ps: { x: number; z: number }[], st: string) => `<polygon points="${ps.map(P).join(' ')}" style="${st}"/>`;
    const { footprint } = await import('./core/staging/layout');
    let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="520"><rect width="520" height="520" fill="white"/>`;
    svg += pg(room.floor, 'fill:#cfc;stroke:green');
    room.keepFree.forEach((k) => (svg += pg(k.polygon, 'fill:none;stroke:orange')));
    room.obstacles.forEach((o) => (svg += pg(o.polygon, 'fill:#f99;fill-opacity:0.5;stroke:red') + `<text x="${P(o.polygon[0]!).split(',')[0]}" y="${P(o.polygon[0]!).split(',')[1]}" font-size="10">${o.label}</text>`));
    room.walls.forEach((w) => (svg += `<polyline points="${P(w.a)} ${P(w.b)}" style="stroke:black;stroke-width:3"/>`));
    res.pieces.filter((p) => p.onFloor).forEach((p) => (svg += pg(footprint(p), 'fill:#99f;fill-opacity:0.5;stroke:blue') + `<text x="${P(p).split(',')[0]}" y="${P(p).split(',')[1]}" font-size="10">${p.category}</text>`));
    svg += `<circle cx="${P({ x: 0, z: 0 }).split(',')[0]}" cy="${P({ x: 0, z: 0 }).split(',')[1]}" r="4" fill="black"/></svg>`;
    await sharp(Buffer.from(svg)).png().toFile(`/tmp/dbg/plan-${photo.split('/').pop()!.replace('.jpg', '')}.png`);
  }
  console.log('left', res.leftOut.map((l) => `${l.category}:${l.reason}`).join(' '));
}
seg.dispose();
