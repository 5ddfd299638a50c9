// Setup file of the server tests (vitest.config.ts): after each test file, the image pool's worker threads stop,
// as server/index.ts stops them on shutdown. A file that used no image work has no pool to stop.
import { afterAll } from 'vitest';
import { imagePool } from '../../server/pool/imagePool';

afterAll(async () => {
  await imagePool.close();
});
