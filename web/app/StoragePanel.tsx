// 'Speicher auf diesem Gerät': how much the app's photos and results take (navigator.storage.estimate), how
// long an untouched session is kept (the user's choice), and a cleanup now. Old sessions are also cleaned
// once when the app starts (web/workflow/actions/storage.ts).

import { useEffect, useId, useState } from 'react';
import { HardDrive } from '../components/icons';
import { RETENTION_CHOICES, type RetentionDays } from '../data/retention';
import { t } from '../i18n/de';
import { useActions } from '../services/context';

const megabytes = (bytes: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: bytes < 10_000_000 ? 1 : 0 }).format(
    bytes / 1_000_000,
  );

let cleanedOnStart = false;

export function StoragePanel() {
  const { storageEstimate, retentionDays, setRetentionDays, cleanOldSessions } = useActions();
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  const [days, setDays] = useState<RetentionDays>(retentionDays);
  const [cleaned, setCleaned] = useState<number | null>(null);
  const selectId = useId();

  const refresh = () => void storageEstimate().then(setEstimate);
  useEffect(() => {
    if (!cleanedOnStart) {
      cleanedOnStart = true;
      void cleanOldSessions().catch((error: unknown) => console.warn('raumglanz: cleanup failed', error));
    }
    refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount
  }, []);

  return (
    <details className="storage-panel" onToggle={refresh}>
      <summary className="link-button">
        <HardDrive aria-hidden="true" focusable="false" size={18} /> {t('storage.title')}
      </summary>
      <p data-testid="storage-usage">
        {estimate
          ? t('storage.usage', { used: megabytes(estimate.usage), quota: megabytes(estimate.quota) })
          : t('storage.unknown')}
      </p>
      <label htmlFor={selectId}>{t('storage.retention')}</label>
      <select
        className="select"
        id={selectId}
        value={days}
        onChange={(event) => {
          const next = Number(event.target.value) as RetentionDays;
          setDays(next);
          setRetentionDays(next);
        }}
      >
        {RETENTION_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 0 ? t('storage.keepForever') : t('storage.days', { n: choice })}
          </option>
        ))}
      </select>
      <p className="field-hint">{t('storage.retentionHint')}</p>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() =>
          void cleanOldSessions().then(({ images, results }) => {
            setCleaned(images + results);
            refresh();
          })
        }
      >
        {t('storage.cleanNow')}
      </button>
      {cleaned !== null && <p role="status">{t('storage.cleaned', { n: cleaned })}</p>}
    </details>
  );
}
