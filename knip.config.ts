// Dead-code finder (`npm run lint:dead`): files, exports and dependencies nothing reaches from an entry point.
// Vite, Vitest, ESLint and Prettier configs are read by knip's own plugins; listed here are the entries those
// plugins cannot see: the workers (started by URL, not imported), the server, the CLI scripts and the bench.
// Entries and files marked `!` are production code: `knip --production` drops tests, so it also reports code
// that only tests still use (a helper kept alive by its own unit test). The bench counts as production: it is a
// public script (`npm run bench`), and the kernel variants it measures are its interface. That pass skips the
// dependency check, which the full pass does: without package.json's scripts it would call tsx unused, though
// `npm start` runs the server with `node --import tsx`.
// The index.ts of core/staging, core/inpaint, core/retouch and core/declutter are entries too: each is the public
// API of a feature whose callers are still landing (knip does not report an entry file's exports), while the
// modules behind them are checked like any other.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'web/**/*Worker.ts!',
    'server/{index,worker}.ts!',
    'scripts/*.{ts,mjs}!',
    'bench/*.ts!',
    'bench/page/*.ts!',
    // Loaded by `npm run stage` (scripts/stage.ts) into headless Chromium, not imported.
    'web/staging/cli/page.ts!',
    'core/{staging,inpaint,retouch,declutter}/index.ts!',
    'tests/**/*.test.ts',
    // Started as a child process by credits.concurrency.test.ts, as a worker thread by bandHelp.test.ts.
    'tests/server/credits.worker.ts',
    'tests/web/engine/bandHelperThread.ts',
  ],
  project: [
    'core/**/*.ts!',
    'web/**/*.{ts,tsx}!',
    'server/**/*.ts!',
    'scripts/**/*.{ts,mjs}!',
    'bench/**/*.ts!',
    'tests/**/*.ts',
  ],
  // A name used in its own module (a default used as a parameter's default, a type in a signature) is not dead
  // code; only exports nothing uses anywhere are reported.
  ignoreExportsUsedInFile: true,
  // Read from disk by the accessibility test (node_modules/axe-core/axe.min.js), never imported.
  ignoreDependencies: ['axe-core'],
};

export default config;
