// The five-step progress indicator of the workflow. It only draws: the step and the bar's fill (never below
// the spec's minimum) come from the workflow's selectors.

import { WORKFLOW_STEPS } from '../../core/catalog/limits';
import { t, type MessageKey } from '../i18n/de';
import type { Step } from '../workflow/selectors';

/** One name per step; the type check fails when the catalogue's step count changes and a name is missing. */
const STEP_KEYS = [
  'steps.upload',
  'steps.enhancing',
  'steps.modes',
  'steps.suggestions',
  'steps.final',
] as const satisfies readonly MessageKey[] & { length: typeof WORKFLOW_STEPS };

export function ProgressSteps({ step, fill }: { step: Step; fill: number }) {
  return (
    <nav className="steps" aria-label={t('steps.label')}>
      <div
        className="steps__bar"
        role="progressbar"
        aria-label={t('steps.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fill)}
        aria-valuetext={t('steps.current', {
          n: step,
          total: WORKFLOW_STEPS,
          name: t(STEP_KEYS[step - 1]),
        })}
      >
        <div className="steps__fill" style={{ width: `${fill}%` }} />
      </div>
      <ol className="steps__list">
        {STEP_KEYS.map((key, i) => (
          <li
            key={key}
            className={
              i + 1 === step
                ? 'steps__item steps__item--current'
                : i + 1 < step
                  ? 'steps__item steps__item--done'
                  : 'steps__item'
            }
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span className="steps__number" aria-hidden="true">
              {i + 1}
            </span>
            {t(key)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
