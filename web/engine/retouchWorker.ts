// The retouch worker's entry point (started by retouch.ts for one retouch at a time): the patch fill takes a
// second or more on a large photo, which must never freeze the page.
import { expose } from 'comlink';
import { canvasCodec } from './canvasCodec';
import { retouchJob, type RetouchWorkerApi } from './retouchJob';

const api: RetouchWorkerApi = { retouch: (job) => retouchJob(job, canvasCodec) };

expose(api);
