// Test projects mirror the source tree: pure core, the React-free web modules, the server over real HTTP, the
// offline tools of scripts/ (room training), and end-to-end journeys in real Chromium against the app as
// `npm start` runs it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['tests/core/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/fakeIndexedDb.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      { test: { name: 'scripts', include: ['tests/scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
