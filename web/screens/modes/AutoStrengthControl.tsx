// The 'Stärke' slider of 'Automatisch optimieren' (0-100 %, steps of 5, arrow keys move it): shown on the modes
// screen while that mode is selected, because the strength takes effect on the next run, which starts here.
// The value is kept on this device through the settings actions.

import { useId, useState } from 'react';
import { modeById } from '../../../core/catalog/modes';
import { t } from '../../i18n/de';
import { useActions } from '../../services/context';

export function AutoStrengthControl() {
  const { autoStrength, setAutoStrength } = useActions();
  const [percent, setPercent] = useState(autoStrength);
  const id = useId();
  const valueText = t('modes.autoStrengthValue', { percent });
  return (
    <div className="auto-strength card">
      <label htmlFor={id}>
        {t('modes.autoStrength')} <span className="field-hint">({modeById('autoOptimize')?.name})</span>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={percent}
        aria-valuetext={valueText}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setPercent(setAutoStrength(Number(event.target.value)))}
      />
      <output htmlFor={id}>{valueText}</output>
      <p id={`${id}-hint`} className="field-hint">
        {t('modes.autoStrengthHint')}
      </p>
    </div>
  );
}
