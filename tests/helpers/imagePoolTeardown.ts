// Setup file of the server tests (vitest.config.ts): after each test file, the test image pool's worker threads
// stop, as server/index.ts stops its pool on shutdown. A file that used no image work has no threads to stop.
import { afterAll } from 'vitest';
import { testImagePool } from './testImagePool';

afterAll(async () => {
  await testImagePool.close();
});
