// 'Exportieren für': the portal the downloads are made for (core/export/portalPresets.ts), remembered on this
// device. Shows the chosen portal's rules, and for a virtually furnished result where the portal forbids
// text, that the label is left off and the listing text must disclose it.

import { useId, useState } from 'react';
import {
  PORTAL_PRESET_IDS,
  PORTAL_PRESETS,
  type PortalPreset,
  type PortalPresetId,
} from '../../core/export/portalPresets';
import { t } from '../i18n/de';
import { useActions } from '../services/context';

const ratio = (aspect: number) =>
  Math.abs(aspect - 1.5) < 0.01 ? '3:2' : aspect.toFixed(2).replace('.', ',');

function rulesOf(preset: PortalPreset): string {
  const px = preset.maxLongSide ?? 0;
  const size =
    preset.aspect === null
      ? t('export.sizeLong', { px })
      : t('export.sizeAspect', { ratio: ratio(preset.aspect), px });
  return t('export.rules', { size, mb: Math.round(preset.maxBytes / 1_000_000) });
}

export function PortalPresetOption({ furnished = false }: { furnished?: boolean }) {
  const { portalPreset, setPortalPreset } = useActions();
  const [id, setId] = useState<PortalPresetId>(() => portalPreset());
  const selectId = useId();
  const preset = PORTAL_PRESETS[id];
  return (
    <div className="portal-preset">
      <label htmlFor={selectId}>{t('export.presetLabel')}</label>
      <select
        id={selectId}
        className="select"
        value={id}
        onChange={(event) => {
          const next = event.target.value as PortalPresetId;
          setId(next);
          setPortalPreset(next);
        }}
      >
        {PORTAL_PRESET_IDS.map((presetId) => (
          <option key={presetId} value={presetId}>
            {presetId === 'original' ? t('export.original') : PORTAL_PRESETS[presetId].name}
          </option>
        ))}
      </select>
      {preset.id !== 'original' && (
        <p className="field-hint">
          {rulesOf(preset)}. {t('export.minimum', { width: preset.minWidth, height: preset.minHeight })}
        </p>
      )}
      {furnished && !preset.allowsText && (
        <p className="field-hint" role="note">
          {t('export.noText', { portal: preset.name })}
        </p>
      )}
    </div>
  );
}
