// Test projects mirror the source tree: pure core, the React-free web modules, the server over real HTTP (on
// SQLite, and again as server-pg on a throw-away PostgreSQL cluster), the offline tools of scripts/ (room
// training), and end-to-end journeys in real Chromium against the app as `npm start` runs it.
import { defineConfig } from 'vitest/config';

/**
 * Server tests that server-pg does not run again: they never open a database (pure units, image work, the
 * listing fetchers, environment parsing), are about SQLite by design (`npm start`, which stays SQLite), or start
 * server processes on a SQLite file of their own (memory, slow clients, kill -9: the queue's tests run processes
 * on PostgreSQL).
 */
const NOT_ABOUT_THE_DATABASE = [
  'tests/server/ai.units.test.ts',
  'tests/server/app.startScript.test.ts',
  'tests/server/boundedLoad.test.ts',
  'tests/server/paidJobs.fault.test.ts',
  'tests/server/slowClients.test.ts',
  'tests/server/builtinRetoucher.test.ts',
  'tests/server/corruptImages.test.ts',
  'tests/server/declutter.test.ts',
  'tests/server/env.test.ts',
  'tests/server/room.*.test.ts',
  'tests/server/listing/**',
];

/** Server tests only about the PostgreSQL deployment (the job queue needs it): server-pg runs them, server not. */
const ONLY_ON_POSTGRES = ['tests/server/queue.*.test.ts'];

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
          exclude: ONLY_ON_POSTGRES,
          environment: 'node',
          setupFiles: ['tests/helpers/imagePoolTeardown.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: ['tests/server/**/*.test.ts'],
          exclude: NOT_ABOUT_THE_DATABASE,
          environment: 'node',
          setupFiles: ['tests/helpers/imagePoolTeardown.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // One cluster for the run; each test file opens fresh databases on it (tests/helpers/testDatabase.ts).
          globalSetup: ['tests/helpers/postgresSetup.ts'],
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
