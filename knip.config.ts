// Dead-code finder (`npm run lint:dead`): files, exports and dependencies nothing reaches from an entry point.
// Vite, Vitest, ESLint and Prettier configs are read by knip's own plugins; listed here are the entries those
// plugins cannot see: the workers (started by URL, not imported), the server, the CLI scripts and the bench.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'web/**/*Worker.ts',
    'server/index.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    'bench/page/main.ts',
    'tests/**/*.test.ts',
    // Started as a child process by credits.concurrency.test.ts.
    'tests/server/credits.worker.ts',
  ],
  project: [
    'core/**/*.ts',
    'web/**/*.{ts,tsx}',
    'server/**/*.ts',
    'scripts/**/*.{ts,mjs}',
    'bench/**/*.ts',
    'tests/**/*.ts',
  ],
  // A name used in its own module (a default used as a parameter's default, a type in a signature) is not dead
  // code; only exports nothing uses anywhere are reported.
  ignoreExportsUsedInFile: true,
  // Read from disk by the accessibility test (node_modules/axe-core/axe.min.js), never imported.
  ignoreDependencies: ['axe-core'],
};

export default config;
