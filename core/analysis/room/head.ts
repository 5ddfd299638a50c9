// The committed room head (models/room-head.json, trained by scripts/train-room-head.ts), checked on load.
// A few kilobytes: it travels inside the worker bundle and the server, no separate download.
import weights from '../../../models/room-head.json';
import { parseRoomHead } from './headWeights';

export const ROOM_HEAD = parseRoomHead(weights);
