// Test helper: the model's weight files and manifest, read from the project's models/ folder.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { retoucherFromFiles, type Retoucher } from '../../../core/retouch';

const dir = fileURLToPath(new URL('../../../models/image-adaptive-3dlut/', import.meta.url));

export function modelBytes(name: 'classifier.bin' | 'luts.bin'): ArrayBuffer {
  const b = readFileSync(dir + name);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
}

export function loadRetoucher(): Retoucher {
  return retoucherFromFiles(modelBytes('classifier.bin'), modelBytes('luts.bin'));
}

export const manifest = JSON.parse(readFileSync(dir + 'manifest.json', 'utf8')) as {
  referenceChecks: Record<string, unknown>;
};
