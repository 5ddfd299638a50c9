// The shape of the trained room head's weights file (models/room-head.json, written by
// scripts/train-room-head.ts) and its check: a file that doesn't match the code's features is refused.
import { z } from 'zod';
import { ROOM_TYPES } from '../../catalog';
import type { LinearHead } from './linearHead';
import { ROOM_FEATURE_NAMES } from './roomFeatures';

const accuracySchema = z.object({
  accuracy: z.number(),
  perClass: z.record(z.string(), z.number()),
  confusion: z.record(z.string(), z.record(z.string(), z.number())),
});

const roomHeadSchema = z.object({
  format: z.literal('raumglanz-room-head'),
  version: z.literal(1),
  /** The room types the head tells apart, in the order of weights' rows ('general' is never trained). */
  classes: z.array(z.enum(ROOM_TYPES)).min(2),
  /** ROOM_FEATURE_NAMES at training time. */
  features: z.array(z.string()),
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.array(z.number())),
  bias: z.array(z.number()),
  /** Below this top probability the photo is called 'general': better no guess than a wrong room's modes. */
  generalBelow: z.number().min(0).max(1),
  /** Whether the weights were trained on top of rulePrior.ts' votes (and so need them added back). */
  usesRulePrior: z.boolean(),
  training: z.object({
    photos: z.number().int(),
    l2: z.number(),
    iterations: z.number().int(),
    /** Held-out (leave-one-house-out) figures of the same recipe; never training accuracy. */
    heldOut: accuracySchema,
  }),
});

export type RoomHeadWeights = z.infer<typeof roomHeadSchema> & LinearHead;

/** Parses a weights file and checks it fits the feature code of this build. */
export function parseRoomHead(json: unknown): RoomHeadWeights {
  const head = roomHeadSchema.parse(json);
  const d = ROOM_FEATURE_NAMES.length;
  if (head.features.join('|') !== ROOM_FEATURE_NAMES.join('|')) {
    throw new Error('room head was trained on other features: run scripts/train-room-head.ts again');
  }
  const shapesFit =
    head.mean.length === d &&
    head.scale.length === d &&
    head.weights.length === head.classes.length &&
    head.weights.every((w) => w.length === d) &&
    head.bias.length === head.classes.length;
  if (!shapesFit) throw new Error('room head weights have the wrong shape');
  return head;
}
