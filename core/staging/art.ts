// The product pictures: a front view of each catalogue item drawn as SVG from its category, style and colours, so
// the project ships its own drawings and no shop pictures. The viewBox is in centimetres and the picture's bottom
// edge is where the piece meets the floor (flat pieces: the front edge; wall pieces: the frame's bottom; pendants
// hang from the top edge), so a renderer can scale and place every picture the same way.
import { categoryById } from './categories';
import type { CatalogItem, CategoryId, Placement, ProductStyle } from './types';

/** The picture's size in centimetres and how it attaches to the room. */
export interface PictureFrame {
  widthCm: number;
  heightCm: number;
  placement: Placement;
}

/** How high a rug's picture is against its depth: it is seen from standing eye height, so strongly foreshortened. */
export const FLAT_FORESHORTENING = 0.3;
/** Cord drawn above a pendant's shade. */
export const PENDANT_CORD_CM = 50;

const TEXTILE_FRAME: Partial<Record<CategoryId, [number, number]>> = {
  cushions: [82, 46],
  throw: [60, 34],
  towels: [50, 34],
  bedLinen: [64, 40],
};

export function pictureFrame(item: CatalogItem): PictureFrame {
  const { placement } = categoryById(item.category);
  const { w, d, h } = item.dimensions;
  if (placement === 'flat')
    return { widthCm: w, heightCm: Math.max(4, Math.round(d * FLAT_FORESHORTENING)), placement };
  if (placement === 'ceiling') return { widthCm: w, heightCm: h + PENDANT_CORD_CM, placement };
  const textile = TEXTILE_FRAME[item.category];
  if (textile) return { widthCm: textile[0], heightCm: textile[1], placement };
  return { widthCm: w, heightCm: h, placement };
}

// --- small drawing helpers (all numbers in cm, y down, floor at y = H) ---

function hex(value: number): string {
  return Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, '0');
}

/** The colour scaled towards black (f < 1) or white (f > 1). */
export function shade(color: string, f: number): string {
  const n = Number.parseInt(color.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const out = channels.map((c) => (f <= 1 ? c * f : c + (255 - c) * (f - 1)));
  return `#${out.map(hex).join('')}`;
}

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  rx = 0,
  stroke = shade(fill, 0.7),
): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(Math.max(0.1, w))}" height="${r1(Math.max(0.1, h))}" rx="${r1(rx)}" fill="${fill}" stroke="${stroke}" stroke-width="0.6"/>`;
}

function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  stroke = shade(fill, 0.7),
): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}" stroke="${stroke}" stroke-width="0.6"/>`;
}

function poly(points: Array<[number, number]>, fill: string, stroke = shade(fill, 0.7)): string {
  return `<polygon points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" fill="${fill}" stroke="${stroke}" stroke-width="0.6"/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, color: string, width: number): string {
  return `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${color}" stroke-width="${r1(width)}" stroke-linecap="round"/>`;
}

/** Corner rounding per style: cozy is soft, minimal almost square. */
const ROUND: Record<ProductStyle, number> = { modern: 3, classic: 6, minimal: 1, cozy: 10 };

/** A leg from y0 down to y1 at centre x, in the style's shape. */
function leg(x: number, y0: number, y1: number, style: ProductStyle, color: string): string {
  const h = y1 - y0;
  switch (style) {
    case 'modern':
      return rect(x - 1.2, y0, 2.4, h, color, 0.5);
    case 'minimal':
      return rect(x - 2.5, y0, 5, h, color, 0);
    case 'cozy':
      return poly(
        [
          [x - 2.6, y0],
          [x + 2.6, y0],
          [x + 1.4, y1],
          [x - 1.4, y1],
        ],
        color,
      );
    case 'classic':
      return (
        poly(
          [
            [x - 2.2, y0],
            [x + 2.2, y0],
            [x + 1.3, y1],
            [x - 1.3, y1],
          ],
          color,
        ) + ellipse(x, y0 + h * 0.35, 3.2, Math.min(3, h * 0.12), shade(color, 1.15))
      );
  }
}

function legs(xs: number[], y0: number, y1: number, style: ProductStyle, color: string): string {
  return xs.map((x) => leg(x, y0, y1, style, color)).join('');
}

interface Ctx {
  W: number;
  H: number;
  style: ProductStyle;
  main: string;
  second: string;
  hi: string;
}

// --- one drawing per category ---

function seating(c: Ctx, seats: number): string {
  const { W, H, style, main, second, hi } = c;
  const legH = style === 'minimal' ? 4 : 12;
  const base = H - legH;
  const armW = style === 'minimal' ? 10 : style === 'classic' ? 16 : 18;
  const armTop = H - (style === 'classic' ? 66 : 60);
  const seatTop = H - 44;
  const rr = ROUND[style];
  let s = rect(armW * 0.6, 0, W - armW * 1.2, seatTop + 4, shade(main, 0.92), rr);
  const inner = W - 2 * armW;
  const cw = inner / seats;
  for (let i = 0; i < seats; i++) {
    s += rect(armW + i * cw + 1, 6, cw - 2, seatTop - 4, main, rr);
    s += rect(armW + i * cw + 4, 9, cw - 8, 4, hi, 2, hi);
  }
  s += rect(armW - 2, seatTop, inner + 4, base - seatTop, main, rr * 0.6);
  for (let i = 0; i < seats; i++)
    s += rect(armW + i * cw + 1, seatTop - 2, cw - 2, 10, shade(main, 1.06), rr * 0.5);
  if (style === 'classic') {
    s +=
      rect(0, armTop + 6, armW, base - armTop - 6, main, 3) +
      ellipse(armW / 2, armTop + 6, armW / 2 + 1, 6, shade(main, 1.08));
    s +=
      rect(W - armW, armTop + 6, armW, base - armTop - 6, main, 3) +
      ellipse(W - armW / 2, armTop + 6, armW / 2 + 1, 6, shade(main, 1.08));
  } else {
    s +=
      rect(0, armTop, armW, base - armTop, main, rr) + rect(W - armW, armTop, armW, base - armTop, main, rr);
  }
  s += rect(0, base - 3, W, 3, shade(main, 0.8), 1);
  s += legs(style === 'minimal' ? [W * 0.1, W * 0.9] : [6, W - 6], base, H, style, second);
  return s;
}

function table(c: Ctx, topThickness: number, withShelf: boolean, apron: boolean): string {
  const { W, H, style, main, second } = c;
  const legColor = style === 'modern' ? second : shade(main, 0.85);
  const legX = style === 'minimal' ? [4, W - 4] : [5, W - 5];
  let s = legs(legX, topThickness, H, style, legColor);
  if (style === 'modern' && W > 90) s += line(5, H - 4, W - 5, H - 4, legColor, 1.6);
  if (withShelf) s += rect(6, H * 0.62, W - 12, 2.5, shade(main, 0.9), 0.5);
  if (apron) s += rect(4, topThickness, W - 8, Math.min(10, H * 0.12), shade(main, 0.9), 1);
  s += rect(0, 0, W, topThickness, main, style === 'cozy' ? 2 : 0.5);
  s += line(2, 1, W - 2, 1, shade(main, 1.2), 0.6);
  return s;
}

function cabinet(c: Ctx, doors: number, drawers: number): string {
  const { W, H, style, main, second } = c;
  const legH = style === 'minimal' ? 3 : style === 'classic' ? 8 : 12;
  const body = H - legH;
  const rr = style === 'cozy' ? 3 : 0.5;
  let s = legs([5, W - 5], body - 1, H, style, style === 'modern' ? second : shade(main, 0.8));
  s += rect(0, 0, W, body, main, rr);
  if (style === 'classic') s += rect(-1.5, 0, W + 3, 3, shade(main, 0.9), 0.5);
  const drawerH = drawers > 0 ? Math.min(16, body * 0.22) : 0;
  for (let i = 0; i < drawers; i++) {
    const y = 3 + i * drawerH;
    s += rect(3, y, W - 6, drawerH - 1.5, shade(main, 1.05), rr);
    s += handle(W / 2, y + drawerH / 2 - 0.7, style, second, true);
  }
  const top = 3 + drawers * drawerH;
  const dw = (W - 6) / Math.max(1, doors);
  for (let i = 0; i < doors; i++) {
    s += rect(3 + i * dw + 0.5, top, dw - 1, body - top - 3, shade(main, 1.03), rr);
    if (style === 'classic')
      s += rect(3 + i * dw + 5, top + 5, dw - 11, body - top - 13, shade(main, 0.95), 1);
    const hx = i % 2 === 0 ? 3 + (i + 1) * dw - 5 : 3 + i * dw + 5;
    s += handle(hx, top + (body - top) * 0.45, style, second, false);
  }
  return s;
}

function handle(x: number, y: number, style: ProductStyle, color: string, horizontal: boolean): string {
  if (style === 'minimal') return '';
  if (style === 'classic' || style === 'cozy')
    return ellipse(x, y, 1.4, 1.4, style === 'classic' ? '#c9a24a' : shade(color, 0.9));
  return horizontal ? rect(x - 8, y, 16, 1.4, color, 0.5) : rect(x - 0.7, y - 8, 1.4, 16, color, 0.5);
}

function chair(c: Ctx): string {
  const { W, H, style, main, second } = c;
  const seatY = H - 46;
  const legColor = style === 'modern' ? second : shade(main, 0.85);
  let s = legs([4, W - 4], seatY + 3, H, style, legColor);
  if (style === 'classic') {
    s += rect(3, 0, W - 6, seatY, shade(main, 0.95), 8) + rect(8, 5, W - 16, seatY - 12, second, 6);
  } else if (style === 'cozy') {
    for (let x = 6; x < W - 6; x += 6) s += line(x, 4, x, seatY, shade(main, 0.8), 1.4);
    s += rect(3, 0, W - 6, 8, main, 4);
  } else if (style === 'minimal') {
    s +=
      rect(2, 0, W - 4, seatY * 0.45, main, 1) +
      rect(3, seatY * 0.45, 3, seatY * 0.55, main) +
      rect(W - 6, seatY * 0.45, 3, seatY * 0.55, main);
  } else {
    s += rect(2, 0, W - 4, seatY * 0.5, main, 6) + legs([5, W - 5], seatY * 0.5, seatY, 'modern', second);
  }
  s += rect(0, seatY, W, 5, style === 'classic' ? second : main, 2);
  return s;
}

function barStool(c: Ctx): string {
  const { W, H, style, main, second } = c;
  const seatY = 6;
  let s = legs([6, W - 6], seatY + 4, H, style, style === 'modern' ? main : shade(second, 0.9));
  s += line(7, H - 26, W - 7, H - 26, style === 'modern' ? main : second, 1.6);
  if (style === 'classic' || style === 'cozy') s += rect(6, -0, W - 12, 4, second, 2);
  s += ellipse(W / 2, seatY + 2, W / 2, 4.5, style === 'modern' ? second : main);
  return s;
}

function officeChair(c: Ctx): string {
  const { W, H, main, second } = c;
  let s =
    line(6, H - 2, W - 6, H - 2, second, 3) +
    ellipse(6, H - 2, 2.5, 2.5, second) +
    ellipse(W - 6, H - 2, 2.5, 2.5, second);
  s += rect(W / 2 - 2, H - 48, 4, 44, shade(second, 1.2), 1);
  s += rect(4, H - 54, W - 8, 8, main, 4);
  s += rect(8, 0, W - 16, H - 58, main, 10) + rect(W / 2 - 3, H - 60, 6, 8, second);
  s += rect(0, H - 68, 5, 16, second, 2) + rect(W - 5, H - 68, 5, 16, second, 2);
  return s;
}

function bed(c: Ctx): string {
  const { W, H, style, main, second, hi } = c;
  const legH = style === 'minimal' ? 3 : 10;
  const rr = ROUND[style];
  let s = legs([6, W - 6], H - legH - 1, H, style, style === 'modern' ? second : shade(main, 0.8));
  if (style === 'classic')
    s +=
      poly(
        [
          [0, 12],
          [W / 2, 0],
          [W, 12],
          [W, H - 30],
          [0, H - 30],
        ],
        main,
      ) + rect(10, 16, W - 20, H - 52, shade(main, 1.08), 4);
  else s += rect(0, 0, W, H - 30, main, rr);
  if (style === 'cozy')
    for (let x = W / 6; x < W; x += W / 6) s += line(x, 4, x, H - 34, shade(main, 0.85), 1);
  s += rect(12, H - 62, W / 2 - 16, 18, '#f7f5f0', 6) + rect(W / 2 + 4, H - 62, W / 2 - 16, 18, '#f7f5f0', 6);
  s += rect(-2, H - 48, W + 4, 34, hi, 4) + rect(-2, H - 48, W + 4, 10, shade(hi, 1.15), 4);
  s += rect(0, H - legH - 12, W, 12, shade(main, 0.9), 2);
  return s;
}

function lampShade(c: Ctx, cx: number, top: number, w: number, h: number): string {
  const { style, main, hi } = c;
  switch (style) {
    case 'modern':
      return `<path d="M${r1(cx - w / 2)},${r1(top + h)} Q${r1(cx)},${r1(top - h * 0.7)} ${r1(cx + w / 2)},${r1(top + h)} Z" fill="${main}" stroke="${shade(main, 0.7)}" stroke-width="0.6"/>`;
    case 'minimal':
      return ellipse(cx, top + h / 2, w / 2.4, h / 2, hi, shade(hi, 0.85));
    case 'classic':
      return (
        poly(
          [
            [cx - w * 0.3, top],
            [cx + w * 0.3, top],
            [cx + w / 2, top + h],
            [cx - w / 2, top + h],
          ],
          '#f3e9d2',
        ) + rect(cx - w / 2, top + h - 2, w, 2, main, 0.5)
      );
    case 'cozy': {
      let s = rect(cx - w / 2, top, w, h, main, 3);
      for (let x = cx - w / 2 + 3; x < cx + w / 2; x += 4)
        s += line(x, top + 1, x, top + h - 1, shade(main, 0.8), 0.6);
      return s;
    }
  }
}

function floorLamp(c: Ctx): string {
  const { W, H, main } = c;
  const pole =
    c.style === 'classic'
      ? '#b8913e'
      : c.style === 'minimal'
        ? '#d9d9d6'
        : c.style === 'cozy'
          ? '#8f5d31'
          : main;
  return (
    ellipse(W / 2, H - 1.5, W * 0.35, 1.8, pole) +
    rect(W / 2 - 1, 30, 2, H - 31, pole) +
    lampShade(c, W / 2, 0, W, 34)
  );
}

function tableLamp(c: Ctx): string {
  const { W, H, main } = c;
  const base = c.style === 'cozy' ? '#c2673f' : c.style === 'classic' ? '#b8913e' : shade(main, 0.9);
  return (
    ellipse(W / 2, H - 8, W * 0.3, 8, base) +
    rect(W / 2 - 0.8, 20, 1.6, H - 28, shade(base, 0.8)) +
    lampShade(c, W / 2, 0, W, 22)
  );
}

function pendant(c: Ctx): string {
  const { W, H } = c;
  return (
    line(W / 2, 0, W / 2, H - 38, '#2a2a2a', 0.8) +
    rect(W / 2 - 2, H - 42, 4, 4, '#2a2a2a') +
    lampShade(c, W / 2, H - 38, W, 38)
  );
}

function foliage(cx: number, top: number, bottom: number, spread: number, green: string, hi: string): string {
  let s = line(cx, bottom, cx, top + 10, shade(green, 0.7), 1.5);
  const n = 9;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const y = top + (bottom - top) * t * 0.85 + 6;
    const side = i % 2 === 0 ? -1 : 1;
    const reach = spread * (0.5 + 0.5 * Math.sin(Math.PI * (0.15 + t * 0.7)));
    s += `<ellipse cx="${r1(cx + (side * reach) / 2)}" cy="${r1(y)}" rx="${r1(reach / 2)}" ry="${r1(reach / 6 + 2)}" transform="rotate(${side * -25} ${r1(cx + (side * reach) / 2)} ${r1(y)})" fill="${i % 3 === 0 ? hi : green}" stroke="${shade(green, 0.7)}" stroke-width="0.5"/>`;
  }
  return s + ellipse(cx, top + 6, spread * 0.18, 6, hi);
}

function pottedPlant(c: Ctx, potShare: number): string {
  const { W, H, main, second, hi, style } = c;
  const potH = H * potShare;
  const potTop = H - potH;
  const pot =
    style === 'classic'
      ? poly(
          [
            [W * 0.2, potTop],
            [W * 0.8, potTop],
            [W * 0.7, H],
            [W * 0.3, H],
          ],
          main,
        ) + rect(W * 0.18, potTop, W * 0.64, 3, '#c9a24a', 1)
      : style === 'minimal'
        ? rect(W * 0.22, potTop, W * 0.56, potH, main, 0.5)
        : style === 'cozy'
          ? poly(
              [
                [W * 0.18, potTop],
                [W * 0.82, potTop],
                [W * 0.7, H],
                [W * 0.3, H],
              ],
              main,
            ) + rect(W * 0.16, potTop, W * 0.68, 4, shade(main, 1.1), 1)
          : rect(W * 0.2, potTop, W * 0.6, potH, main, 6);
  return foliage(W / 2, 0, potTop + 2, W, second, hi) + pot;
}

function vase(c: Ctx): string {
  const { W, H, main, second } = c;
  let s = '';
  for (const [dx, lean] of [
    [-0.2, -0.35],
    [0, 0],
    [0.25, 0.3],
  ] as const) {
    s += line(W / 2 + dx * W * 0.3, H * 0.5, W / 2 + lean * W, 2, shade(second, 0.6), 0.8);
    for (let t = 0.15; t < 0.9; t += 0.2)
      s += ellipse(W / 2 + lean * W * (1 - t), 2 + (H * 0.5 - 2) * t, 1.6, 1, second, shade(second, 0.8));
  }
  return (
    s +
    `<path d="M${r1(W * 0.38)},${r1(H * 0.5)} C${r1(W * 0.1)},${r1(H * 0.7)} ${r1(W * 0.2)},${r1(H)} ${r1(W * 0.35)},${r1(H)} L${r1(W * 0.65)},${r1(H)} C${r1(W * 0.8)},${r1(H)} ${r1(W * 0.9)},${r1(H * 0.7)} ${r1(W * 0.62)},${r1(H * 0.5)} Z" fill="${main}" stroke="${shade(main, 0.7)}" stroke-width="0.6"/>`
  );
}

function mirror(c: Ctx): string {
  const { W, H, style, main, second, hi } = c;
  const glass = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset="1" stop-color="${second}"/></linearGradient>`;
  let s = `<defs>${glass}</defs>`;
  if (style === 'cozy')
    s +=
      ellipse(W / 2, H / 2, W / 2, H / 2, main) +
      `<ellipse cx="${r1(W / 2)}" cy="${r1(H / 2)}" rx="${r1(W / 2 - 5)}" ry="${r1(H / 2 - 5)}" fill="url(#g)"/>`;
  else if (style === 'classic')
    s += `<path d="M0,${r1(H)} L0,${r1(W / 2)} A${r1(W / 2)},${r1(W / 2)} 0 0 1 ${r1(W)},${r1(W / 2)} L${r1(W)},${r1(H)} Z" fill="${main}"/><path d="M4,${r1(H - 4)} L4,${r1(W / 2)} A${r1(W / 2 - 4)},${r1(W / 2 - 4)} 0 0 1 ${r1(W - 4)},${r1(W / 2)} L${r1(W - 4)},${r1(H - 4)} Z" fill="url(#g)"/>`;
  else
    s +=
      rect(0, 0, W, H, main, style === 'modern' ? 4 : 0) +
      `<rect x="${style === 'minimal' ? 0.5 : 2.5}" y="${style === 'minimal' ? 0.5 : 2.5}" width="${r1(W - (style === 'minimal' ? 1 : 5))}" height="${r1(H - (style === 'minimal' ? 1 : 5))}" rx="2" fill="url(#g)"/>`;
  return (
    s +
    line(W * 0.25, H * 0.3, W * 0.45, H * 0.15, '#ffffff', 1.5) +
    line(W * 0.3, H * 0.42, W * 0.6, H * 0.2, '#ffffff', 0.8)
  );
}

function artwork(c: Ctx): string {
  const { W, H, style, main } = c;
  const frame = style === 'minimal' ? 1.2 : 3;
  let s =
    rect(0, 0, W, H, main, 0.5) + rect(frame, frame, W - 2 * frame, H - 2 * frame, '#f4f1ea', 0, '#f4f1ea');
  const x0 = frame + 5;
  const y0 = frame + 5;
  const w = W - 2 * frame - 10;
  const h = H - 2 * frame - 10;
  if (style === 'modern')
    s +=
      ellipse(x0 + w * 0.35, y0 + h * 0.45, h * 0.3, h * 0.3, '#d9773b', '#d9773b') +
      rect(x0 + w * 0.5, y0 + h * 0.2, w * 0.35, h * 0.6, '#2f4858', 0, '#2f4858') +
      rect(x0 + w * 0.15, y0 + h * 0.75, w * 0.5, h * 0.1, '#e8c547', 0, '#e8c547');
  else if (style === 'classic')
    s +=
      rect(x0, y0, w, h * 0.6, '#a8c4d8', 0, '#a8c4d8') +
      poly(
        [
          [x0, y0 + h],
          [x0, y0 + h * 0.55],
          [x0 + w * 0.35, y0 + h * 0.3],
          [x0 + w * 0.7, y0 + h * 0.5],
          [x0 + w, y0 + h * 0.4],
          [x0 + w, y0 + h],
        ],
        '#5d7a4a',
        '#5d7a4a',
      );
  else if (style === 'minimal')
    s += `<path d="M${r1(x0 + w * 0.15)},${r1(y0 + h * 0.7)} C${r1(x0 + w * 0.4)},${r1(y0)} ${r1(x0 + w * 0.6)},${r1(y0 + h)} ${r1(x0 + w * 0.85)},${r1(y0 + h * 0.3)}" fill="none" stroke="#222" stroke-width="0.8"/>`;
  else s += foliage(x0 + w / 2, y0, y0 + h, Math.min(w, h * 1.2), '#6b8f4e', '#8fb36b');
  return s;
}

function cushions(c: Ctx): string {
  const { H, main, second, style } = c;
  const one = (x: number, fill: string, pattern: string): string => {
    let s = rect(x, 2, 44, H - 4, fill, style === 'minimal' ? 4 : 10);
    if (pattern === 'stripe') for (let y = 10; y < H - 6; y += 8) s += line(x + 4, y, x + 40, y, second, 1.2);
    if (pattern === 'dot') s += ellipse(x + 22, H / 2, 6, 6, second);
    return s;
  };
  return one(0, shade(main, 0.95), 'stripe') + one(36, main, 'dot');
}

function folded(c: Ctx, layers: number, fringe: boolean): string {
  const { W, H, main, second, hi } = c;
  const lh = H / layers;
  let s = '';
  const fills = [main, hi, second];
  for (let i = layers - 1; i >= 0; i--) {
    const y = i * lh;
    s += rect(i % 2 === 0 ? 0 : 3, y, W - 3, lh + 1, fills[i % 3], 4);
    if (fringe)
      for (let x = 4; x < W - 4; x += 3) s += line(x, y + lh, x, y + lh + 2, shade(fills[i % 3], 0.8), 0.5);
  }
  return s;
}

function flat(c: Ctx, border: boolean): string {
  const { W, H, main, second, hi } = c;
  const inset = W * 0.08;
  let s = poly(
    [
      [0, H],
      [W, H],
      [W - inset, 0],
      [inset, 0],
    ],
    main,
  );
  if (border)
    s += poly(
      [
        [W * 0.06, H - H * 0.12],
        [W * 0.94, H - H * 0.12],
        [W - inset - W * 0.04, H * 0.12],
        [inset + W * 0.04, H * 0.12],
      ],
      hi,
      second,
    );
  for (let i = 1; i < 5; i++) {
    const t = i / 5;
    s += line(
      inset * (1 - t) + W * 0.12 * t + W * 0.06 * (1 - t),
      H * (1 - t) + 1,
      W - (inset * (1 - t) + W * 0.12 * t + W * 0.06 * (1 - t)),
      H * (1 - t) + 1,
      second,
      0.6,
    );
  }
  return s;
}

function towelLadder(c: Ctx): string {
  const { W, H, main, second } = c;
  let s = line(W * 0.2, 0, W * 0.05, H, main, 3) + line(W * 0.8, 0, W * 0.95, H, main, 3);
  for (let y = 20; y < H - 10; y += 35) s += line(W * 0.18, y, W * 0.82, y, main, 2.4);
  return s + rect(W * 0.25, 18, W * 0.5, 50, second, 3);
}

function basket(c: Ctx): string {
  const { W, H, main, second } = c;
  let s = poly(
    [
      [0, 4],
      [W, 4],
      [W * 0.9, H],
      [W * 0.1, H],
    ],
    main,
  );
  for (let y = 10; y < H; y += 6) s += line(W * 0.05, y, W * 0.95, y, shade(main, 0.8), 0.8);
  return s + rect(-1, 0, W + 2, 5, second, 2) + ellipse(W / 2, 9, 6, 2.2, shade(main, 0.5));
}

function cart(c: Ctx): string {
  const { W, H, main, second } = c;
  let s = rect(2, 0, 2.5, H - 6, second) + rect(W - 4.5, 0, 2.5, H - 6, second);
  for (const y of [0, (H - 6) * 0.45, H - 14]) s += rect(0, y, W, 4, main, 1);
  return s + ellipse(5, H - 3, 3, 3, '#333') + ellipse(W - 5, H - 3, 3, 3, '#333');
}

function lantern(c: Ctx): string {
  const { W, H, main } = c;
  return (
    rect(2, 8, W - 4, H - 10, '#fff7e0', 1, main) +
    ellipse(W / 2, H - 10, 3, 6, '#f2c14e', '#f2c14e') +
    rect(0, H - 3, W, 3, main) +
    poly(
      [
        [0, 9],
        [W, 9],
        [W / 2, 0],
      ],
      main,
    ) +
    line(3, 10, 3, H - 2, main, 1.2) +
    line(W - 3, 10, W - 3, H - 2, main, 1.2)
  );
}

function bistroSet(c: Ctx): string {
  const { W, H } = c;
  const chairW = W * 0.3;
  const chairCtx = (x: number): string =>
    `<g transform="translate(${r1(x)} 0)">${chair({ ...c, W: chairW })}</g>`;
  const tableW = W * 0.42;
  const tableTop = H - 74;
  return (
    chairCtx(0) +
    chairCtx(W - chairW) +
    `<g transform="translate(${r1((W - tableW) / 2)} ${r1(tableTop)})">${table({ ...c, W: tableW, H: 74 }, 3, false, false)}</g>`
  );
}

function lounger(c: Ctx): string {
  const { W, H, main, second, style } = c;
  const bedY = H - 22;
  let s = legs(
    [8, W * 0.5, W - 8],
    bedY + 4,
    H,
    style === 'classic' ? 'classic' : 'modern',
    style === 'cozy' ? '#6e4a2a' : main,
  );
  s += rect(0, bedY, W * 0.72, 6, main, 2);
  s += poly(
    [
      [W * 0.7, bedY + 4],
      [W - 4, 2],
      [W, 6],
      [W * 0.74, bedY + 6],
    ],
    main,
  );
  s +=
    rect(3, bedY - 5, W * 0.66, 6, second, 3) +
    poly(
      [
        [W * 0.72, bedY - 2],
        [W - 6, 0],
        [W - 3, 5],
        [W * 0.76, bedY + 1],
      ],
      second,
    );
  return s;
}

function shelf(c: Ctx): string {
  const { W, main, second, style } = c;
  // The carcass stands on two feet, so the floor line shows under it.
  const H = c.H - 4;
  const rows = 5;
  const inner = (H - 6) / rows;
  let s = rect(0, 0, W, H, main, style === 'cozy' ? 2 : 0.5) + rect(3, 3, W - 6, H - 6, shade(main, 0.8), 0);
  const bookColors = [second, '#7a2333', '#2f4858', '#d9773b', '#e8e1d0', '#5d7a4a'];
  for (let r = 0; r < rows; r++) {
    const y = 3 + r * inner;
    s += rect(3, y + inner - 2, W - 6, 2, main, 0);
    let x = 5 + ((r * 7) % 13);
    let k = r;
    while (x < W - 14 && r !== 2) {
      const bw = 2.5 + (k % 3);
      const bh = inner * (0.6 + ((k * 37) % 30) / 100);
      s += rect(x, y + inner - 2 - bh, bw, bh, bookColors[k % bookColors.length], 0.3);
      x += bw + 0.4;
      k += 1;
      if (k - r > 9) break;
    }
    if (r === 2) s += ellipse(W * 0.7, y + inner - 8, 6, 6, shade(second, 1.2));
  }
  return (
    s +
    legs(
      [4, W - 4],
      H,
      c.H,
      style === 'modern' ? 'modern' : 'minimal',
      style === 'modern' ? second : shade(main, 0.8),
    )
  );
}

function wardrobe(c: Ctx): string {
  return cabinet(c, c.W > 120 ? 3 : 2, 0);
}

function desk(c: Ctx): string {
  const { W, H, main } = c;
  return (
    table(c, 3.5, false, false) +
    `<g transform="translate(${r1(W - 44)} 3.5)">${cabinet({ ...c, W: 40, H: H - 3.5, main: shade(main, 0.97) }, 0, 3)}</g>`
  );
}

const DRAW: Record<CategoryId, (c: Ctx) => string> = {
  sofa: (c) => seating(c, 3),
  armchair: (c) => seating(c, 1),
  bench: (c) => table({ ...c, main: c.main }, 10, false, false),
  coffeeTable: (c) => table(c, 4, c.style === 'modern' || c.style === 'cozy', false),
  sideTable: (c) => table(c, 3, c.style !== 'minimal', false),
  diningTable: (c) => table(c, 4, false, c.style === 'classic'),
  desk,
  tvBoard: (c) => cabinet(c, 3, 0),
  sideboard: (c) => cabinet(c, 3, 1),
  nightstand: (c) => cabinet(c, 1, 1),
  wardrobe,
  shelf,
  diningChair: chair,
  barStool,
  officeChair,
  bed,
  floorLamp,
  tableLamp,
  pendant,
  lantern,
  plant: (c) => pottedPlant(c, 0.3),
  planter: (c) => pottedPlant(c, 0.45),
  vase,
  mirror,
  artwork,
  cushions,
  throw: (c) => folded(c, 3, true),
  towels: (c) => folded(c, 4, false),
  bedLinen: (c) => folded(c, 3, false),
  rug: (c) => flat(c, true),
  outdoorRug: (c) => flat(c, false),
  bathMat: (c) => flat(c, false),
  towelLadder,
  laundryBasket: basket,
  kitchenCart: cart,
  bistroSet,
  lounger,
};

/**
 * The item's picture as an SVG document: transparent background, viewBox in centimetres (see pictureFrame), the
 * bottom edge on the floor. Pure string building, so Node, a worker and the tests can all call it.
 */
export function productSvg(item: CatalogItem, pxPerCm = 2): string {
  const frame = pictureFrame(item);
  const [main, second, hi] = item.colors;
  const W = frame.widthCm;
  const H = frame.heightCm;
  const body = DRAW[item.category]({ W, H, style: item.styles[0], main, second, hi });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(W * pxPerCm)}" height="${Math.round(H * pxPerCm)}" ` +
    `viewBox="0 0 ${W} ${H}" preserveAspectRatio="none">` +
    `<title>${escapeXml(item.name)}</title>${body}</svg>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
