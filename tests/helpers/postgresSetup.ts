// Global setup of the server-pg test project: one throw-away PostgreSQL cluster for the whole run
// (tests/helpers/postgres.ts); test files get fresh databases on it through tests/helpers/testDatabase.ts.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres';

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
