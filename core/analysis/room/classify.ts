// One photo's detector signals and scene cues to its room type, confidence and visible elements. Pure: the
// same answer in the browser worker, on the server and in the tests.
import type { RoomType, VisibleElements } from '../../catalog';
import type { RoomHeadWeights } from './headWeights';
import { predictProbabilities } from './linearHead';
import { roomFeatureVector } from './roomFeatures';
import { priorLogits } from './rulePrior';
import type { SceneFeatures } from './sceneFeatures';
import type { DetectorOutput } from './types';
import { visibleElementsFrom } from './visibleElements';

export interface RoomClassification {
  roomType: RoomType;
  /** The probability of the most likely trained room type (also when roomType fell back to 'general'). */
  confidence: number;
  /** Every trained room type's probability. */
  probabilities: Partial<Record<RoomType, number>>;
  visibleElements: VisibleElements;
}

export function classifyRoom(
  output: Pick<DetectorOutput, 'detections' | 'classScores'>,
  scene: SceneFeatures,
  head: RoomHeadWeights,
): RoomClassification {
  const row = roomFeatureVector(output, scene);
  const p = predictProbabilities(head, row, head.usesRulePrior ? priorLogits(row, head.classes) : undefined);
  const probabilities: Partial<Record<RoomType, number>> = {};
  head.classes.forEach((c, i) => (probabilities[c] = p[i]));
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
  const roomType: RoomType = p[best] >= head.generalBelow ? head.classes[best] : 'general';
  return {
    roomType,
    confidence: p[best],
    probabilities,
    visibleElements: visibleElementsFrom(output.detections, roomType),
  };
}
