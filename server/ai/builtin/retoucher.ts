// The learned retouch (core/retouch) for the builtin provider: the model's weights read once from the project's
// models/image-adaptive-3dlut/ (the same files the web build ships), so 'automatisch ausgeglichen' on the server
// is the same retouch as 'Automatisch optimieren' on the device, not the older rule-based pipeline.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { retoucherFromFiles, type Retoucher } from '../../../core/retouch/retoucher';

export const RETOUCH_MODEL_DIR = resolve(import.meta.dirname, '../../../models/image-adaptive-3dlut');

let retoucher: Retoucher | undefined;

/**
 * The server's one retoucher, read on first use (2.4 MB, a few milliseconds). Throws when the files are missing
 * or truncated: a broken install should fail loudly, not fall back to the old rules under the same label.
 */
export function builtinRetoucher(): Retoucher {
  if (!retoucher) {
    const bytes = (name: string): ArrayBuffer => {
      const b = readFileSync(resolve(RETOUCH_MODEL_DIR, name));
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    };
    retoucher = retoucherFromFiles(bytes('classifier.bin'), bytes('luts.bin'));
  }
  return retoucher;
}
