// Dead-code finder (`npm run lint:dead`): files, exports and dependencies nothing reaches from an entry point.
// Vite, Vitest, ESLint and Prettier configs are read by knip's own plugins; listed here are the entries those
// plugins cannot see: the workers (started by URL, not imported), the server, the CLI scripts and the bench.
// Entries and files marked `!` are production code: `knip --production` drops tests and bench, so it also
// reports code that only tests still use (a helper kept alive by its own unit test). That pass skips the
// dependency check, which the full pass does: without package.json's scripts it would call tsx unused, though
// `npm start` runs the server with `node --import tsx`.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'web/**/*Worker.ts!',
    'server/index.ts!',
    'scripts/*.{ts,mjs}!',
    'bench/*.ts',
    'bench/page/main.ts',
    'tests/**/*.test.ts',
    // Started as a child process by credits.concurrency.test.ts.
    'tests/server/credits.worker.ts',
  ],
  project: [
    'core/**/*.ts!',
    'web/**/*.{ts,tsx}!',
    'server/**/*.ts!',
    'scripts/**/*.{ts,mjs}!',
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
