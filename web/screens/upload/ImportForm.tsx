// The 'oder' import form: a listing link from Airbnb or Booking.com. It checks the link as the user types
// (core/listing, the same rules the server applies) and stays disabled while the link is invalid or loading;
// a failed import names the way out (uploading the photos directly) with a button for it.

import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ListingInput } from '../../../core/listing/detectPlatform';
import { t, type MessageKey } from '../../i18n/de';

type ListingReader = (text: string) => ListingInput;
let loadingReader: Promise<ListingReader> | null = null;

/**
 * The link check (core/listing with the Public Suffix List, a quarter of a megabyte) loads when the field is
 * first used, not with the landing page; until then nothing is judged and the button stays disabled.
 */
function useListingReader(wanted: boolean): ListingReader | null {
  const [reader, setReader] = useState<ListingReader | null>(null);
  useEffect(() => {
    if (!wanted || reader) return;
    let live = true;
    loadingReader ??= import('../../../core/listing/detectPlatform').then((m) => m.readListingInput);
    void loadingReader.then((read) => live && setReader(() => read));
    return () => {
      live = false;
    };
  }, [wanted, reader]);
  return reader;
}

const NOT_CHECKED: ListingInput = { ok: false, error: 'INVALID_URL' };

function problemKey(input: ListingInput): MessageKey | null {
  if (input.ok) return null;
  if (input.error === 'INVALID_URL') return 'importForm.invalidUrl';
  if (input.error === 'UNSUPPORTED_PLATFORM') return 'importForm.unsupported';
  return input.platform === 'booking' ? 'importForm.invalidBooking' : 'importForm.invalidAirbnb';
}

export interface ImportFormProps {
  onImport: (url: string) => void;
  loading: boolean;
  /** The German message of the last failed import, shown in an alert titled 'Fehler'. */
  error: string | null;
  /** Opens the file picker: the way out the alert offers, since uploading works whatever the listing does. */
  onUploadInstead: () => void;
}

export function ImportForm({ onImport, loading, error, onUploadInstead }: ImportFormProps) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = useId();
  const read = useListingReader(focused || text !== '');
  const input = read ? read(text) : NOT_CHECKED;
  const problem = problemKey(input);
  const showProblem = read !== null && touched && text.trim() !== '' && problem !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (input.ok && !loading) onImport(text.trim());
  };

  return (
    <form className="card import-form" onSubmit={submit} noValidate aria-busy={loading}>
      <h2>{t('importForm.title')}</h2>
      <label htmlFor={`${id}-url`}>{t('importForm.label')}</label>
      <div className="import-form__row">
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('importForm.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setTouched(true)}
          aria-invalid={showProblem}
          aria-describedby={`${id}-help`}
          disabled={loading}
        />
        <button type="submit" className="button" disabled={!input.ok || loading}>
          {loading ? t('importForm.importing') : t('importForm.submit')}
        </button>
      </div>
      <p
        id={`${id}-help`}
        className={showProblem ? 'field-error' : 'field-hint'}
        role={showProblem ? 'alert' : undefined}
      >
        {showProblem
          ? t(problem)
          : input.ok
            ? t('importForm.detected', {
                platform: t(input.platform === 'airbnb' ? 'importForm.airbnb' : 'importForm.booking'),
              })
            : t('importForm.hint')}
      </p>
      {loading && (
        <div className="import-form__progress" role="status">
          <div className="steps__bar">
            <div className="steps__fill steps__fill--indeterminate" />
          </div>
          {t('importForm.importing')}
        </div>
      )}
      {error && !loading && (
        <div className="alert" role="alert">
          <strong>{t('importForm.errorTitle')}</strong>
          <p>{error}</p>
          <p>{t('importForm.uploadInstead')}</p>
          <button
            type="button"
            className="button button--ghost button--small alert__action"
            onClick={onUploadInstead}
          >
            {t('importForm.uploadInsteadButton')}
          </button>
        </div>
      )}
    </form>
  );
}
