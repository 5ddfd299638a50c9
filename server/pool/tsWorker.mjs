// Starts an image pool worker from plain JavaScript: piscina loads this file, and it loads the TypeScript entry
// (workerData.entry, worker.ts) through tsx's API, the way `npm start` runs the server, so the pool works the same
// under the server, the scripts and the tests (which run without tsx's loader).
import { workerData } from 'node:worker_threads';

const { tsImport } = await import(workerData.tsxApi);
const entry = await tsImport(workerData.entry, import.meta.url);

export default entry.default;
