// The image pool of one server test file, as server/index.ts builds one per process: test servers
// (startServer.ts) and the providers a test builds share it, and imagePoolTeardown.ts stops its threads after
// the file. Each test file has its own (vitest loads every file's modules afresh).
import { ImagePool } from '../../server/pool/imagePool';

export const testImagePool = new ImagePool();
