// A helper thread for bandHelp.test.ts: what a lent image worker does with an offer (helpWithBands), on a Node
// worker thread over the same shared frames.
import { parentPort } from 'node:worker_threads';
import type { BandOffer } from '../../../core/imaging/bands';
import { helpWithBands } from '../../../web/engine/bandHelp';

parentPort!.on('message', (offer: BandOffer) => parentPort!.postMessage(helpWithBands(offer)));
