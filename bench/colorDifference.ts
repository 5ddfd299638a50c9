// CIEDE2000 colour difference (Sharma, Wu & Dalal 2005) and PSNR between two equally sized 8-bit photos, the
// measures of the quality bench. Lab comes from the retouch's own conversion (D65).
import type { RgbaImage } from '../core/imaging/types';
import { srgb8ToLab } from '../core/retouch/lab';

const RAD = Math.PI / 180;

export function ciede2000(l1: readonly number[], l2: readonly number[]): number {
  const [L1, a1, b1] = l1;
  const [L2, a2, b2] = l2;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const h = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / RAD + 360) % 360);
  const h1p = h(a1p, b1);
  const h2p = h(a2p, b2);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * RAD);
  const Lmp = (L1 + L2) / 2;
  const Cmp = (C1p + C2p) / 2;
  let hmp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hmp = h1p + h2p < 360 ? hmp + 360 : hmp - 360;
    hmp /= 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hmp - 30) * RAD) +
    0.24 * Math.cos(2 * hmp * RAD) +
    0.32 * Math.cos((3 * hmp + 6) * RAD) -
    0.2 * Math.cos((4 * hmp - 63) * RAD);
  const dTheta = 30 * Math.exp(-(((hmp - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lmp - 50) ** 2) / Math.sqrt(20 + (Lmp - 50) ** 2);
  const Sc = 1 + 0.045 * Cmp;
  const Sh = 1 + 0.015 * Cmp * T;
  const Rt = -Math.sin(2 * dTheta * RAD) * Rc;
  return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh));
}

/** Mean CIEDE2000 over all pixels, or over every step-th pixel of every step-th row. */
export function meanDeltaE(a: RgbaImage, b: RgbaImage, step = 1): number {
  assertSame(a, b);
  let sum = 0;
  let n = 0;
  for (let y = 0; y < a.height; y += step) {
    for (let x = 0; x < a.width; x += step) {
      const i = (y * a.width + x) * 4;
      sum += ciede2000(
        srgb8ToLab(a.data[i], a.data[i + 1], a.data[i + 2]),
        srgb8ToLab(b.data[i], b.data[i + 1], b.data[i + 2]),
      );
      n++;
    }
  }
  return sum / n;
}

/** PSNR in dB over the RGB channels (peak 255). */
export function psnr(a: RgbaImage, b: RgbaImage): number {
  assertSame(a, b);
  let se = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) se += (a.data[i + c] - b.data[i + c]) ** 2;
  }
  const mse = se / (a.width * a.height * 3);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

function assertSame(a: RgbaImage, b: RgbaImage): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new RangeError(`sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
}
