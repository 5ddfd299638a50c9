// What anyone who has seen a flat knows, written down: a toilet means a bathroom, a bed a bedroom, an oven a
// kitchen, sky and lawn the outside. These fixed votes are added to the trained head's logits, so the head only
// learns corrections on top of them. A hundred labelled photos cannot teach that a microwave belongs in a
// kitchen when every kitchen in them also had an oven; the rules carry that to photos unlike the training set.
import type { RoomType } from '../../catalog';
import type { CocoLabel } from './cocoLabels';
import { ROOM_FEATURE_NAMES } from './roomFeatures';

type Votes = Partial<Record<RoomType, number>>;

/** Votes per object, at full detector confidence. Sinks vote for both rooms that have one. */
const OBJECT_VOTES: ReadonlyArray<readonly [CocoLabel, Votes]> = [
  ['toilet', { bathroom: 4 }],
  ['bed', { bedroom: 4 }],
  ['oven', { kitchen: 3 }],
  ['microwave', { kitchen: 3 }],
  ['refrigerator', { kitchen: 3 }],
  ['toaster', { kitchen: 2 }],
  ['sink', { bathroom: 1, kitchen: 1 }],
  ['couch', { livingRoom: 2 }],
  ['tv', { livingRoom: 1, bedroom: 0.5 }],
  ['dining table', { kitchen: 0.5, livingRoom: 0.5 }],
  ['car', { exterior: 2 }],
  ['truck', { exterior: 2 }],
  ['bicycle', { exterior: 1 }],
  ['bench', { exterior: 1 }],
];

/** Votes per scene cue at its full value (the cue's 0..1 value scales them). */
const SCENE_VOTES: ReadonlyArray<readonly [string, Votes]> = [
  ['skyTop', { exterior: 3 }],
  ['vegetationBottom', { exterior: 2 }],
];

/** Detector scores below FLOOR don't vote; from FLOOR to FULL the vote grows linearly to its full weight. */
const VOTE_FLOOR = 0.2;
const VOTE_FULL = 0.6;

/** How strongly a detector score votes, 0..1. */
export function voteStrength(score: number): number {
  return Math.min(1, Math.max(0, (score - VOTE_FLOOR) / (VOTE_FULL - VOTE_FLOOR)));
}

const FEATURE_INDEX = new Map(ROOM_FEATURE_NAMES.map((name, i) => [name, i]));

function feature(row: readonly number[], name: string): number {
  const i = FEATURE_INDEX.get(name);
  if (i === undefined) throw new Error(`rule prior reads unknown feature ${name}`);
  return row[i];
}

/**
 * The rule votes for each of `classes`, read from a room feature vector (see roomFeatures.ts: scores are stored
 * as log-odds, so they are turned back into probabilities here).
 */
export function priorLogits(row: readonly number[], classes: readonly RoomType[]): number[] {
  const logits = classes.map(() => 0);
  const add = (votes: Votes, strength: number) => {
    classes.forEach((c, i) => (logits[i] += (votes[c] ?? 0) * strength));
  };
  for (const [label, votes] of OBJECT_VOTES) {
    const score = 1 / (1 + Math.exp(-feature(row, `score:${label}`)));
    add(votes, voteStrength(score));
  }
  for (const [cue, votes] of SCENE_VOTES) add(votes, Math.min(1, Math.max(0, feature(row, `scene:${cue}`))));
  return logits;
}
