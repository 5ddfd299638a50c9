// Builds the benchmark page (bench/page) with the same Vite and the same worker bundling as the app, so the
// benchmark and the engine's browser tests run the engine exactly as it ships. The caller picks --outDir.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./page', import.meta.url)),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: { emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
  // As the app's (vite.config.ts): ES module workers, so the image worker's WebAssembly codec is a lazy chunk.
  worker: { format: 'es' },
});
