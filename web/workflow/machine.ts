// The workflow machine of SPEC section 4: one pure `transition(state, event)` from upload through analysis,
// mode selection, processing, results and suggestions to the final result. The rules live per step in steps/;
// this module only routes an event to the one rule that owns it. Effects (workers, HTTP, IndexedDB) run in
// actions/ and report back as events.

import type { EventType, StepRules, WorkflowEvent } from './events';
import type { WorkflowState } from './state';
import { analysisRules } from './steps/analysis';
import { finalRules } from './steps/final';
import { modesRules } from './steps/modes';
import { navigationRules } from './steps/navigation';
import { outboxRules } from './steps/outbox';
import { processingRules } from './steps/processing';
import { retouchRules } from './steps/retouch';
import { stagingRules } from './steps/staging';
import { suggestionsRules } from './steps/suggestions';
import { uploadRules } from './steps/upload';

export * from './state';
export * from './selectors';
export type { WorkflowEvent } from './events';
export { toSnapshot } from './snapshot';

/** Every event type has exactly one rule: the type check fails when one is missing. */
const rules: StepRules<EventType> = {
  ...uploadRules,
  ...analysisRules,
  ...modesRules,
  ...processingRules,
  ...outboxRules,
  ...retouchRules,
  ...stagingRules,
  ...suggestionsRules,
  ...finalRules,
  ...navigationRules,
};

export function transition(state: WorkflowState, event: WorkflowEvent): WorkflowState {
  // TypeScript cannot correlate `rules[event.type]` with `event`; the mapped type above guarantees it.
  const rule = rules[event.type] as (state: WorkflowState, event: WorkflowEvent) => WorkflowState;
  return rule(state, event);
}
