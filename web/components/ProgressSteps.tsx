// The five-step progress indicator of the workflow. It only draws: the step and the bar's fill (never below
// the spec's minimum) come from the workflow's selectors.

import { t, type MessageKey } from '../i18n/de';

const STEP_KEYS: MessageKey[] = [
  'steps.upload',
  'steps.enhancing',
  'steps.modes',
  'steps.suggestions',
  'steps.final',
];
export function ProgressSteps({ step, fill }: { step: number; fill: number }) {
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
          total: STEP_KEYS.length,
          name: t(STEP_KEYS[step - 1]!),
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
