// The drop zone: drag and drop or 'Bilder auswählen'. Once photos exist it wraps the grid, so more can be
// dropped onto it. A short ripple confirms an upload (800 ms) or a drag that left (300 ms).

import { useCallback, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useDropzone } from 'react-dropzone';
import {
  ACCEPTED_FILE_EXTENSIONS,
  RIPPLE_AFTER_DRAG_LEAVE_MS,
  RIPPLE_AFTER_UPLOAD_MS,
} from '../../../core/catalog/limits';
import { t } from '../../i18n/de';
import { ImagePlus } from '../../components/icons';

export interface DropAreaProps {
  onFiles: (files: File[]) => void;
  busy: boolean;
  /** Rendered instead of the empty-state prompt once photos exist; gets `open` for 'Mehr hinzufügen'. */
  children?: (open: () => void) => ReactNode;
  /** Receives `open` for buttons outside the area (the import form's 'Fotos direkt hochladen'). */
  openRef?: RefObject<(() => void) | null>;
}

export function DropArea({ onFiles, busy, children, openRef }: DropAreaProps) {
  const [ripple, setRipple] = useState<{ ms: number; seq: number } | null>(null);
  const flash = (ms: number) => setRipple((r) => ({ ms, seq: (r?.seq ?? 0) + 1 }));

  useEffect(() => {
    if (!ripple) return;
    const timer = setTimeout(() => setRipple(null), ripple.ms);
    return () => clearTimeout(timer);
  }, [ripple]);

  const onDrop = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      flash(RIPPLE_AFTER_UPLOAD_MS);
      onFiles(files);
    },
    [onFiles],
  );

  // We judge files by their bytes (core/upload), so the drop zone itself accepts everything.
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    onDragLeave: () => flash(RIPPLE_AFTER_DRAG_LEAVE_MS),
    noClick: true,
    noKeyboard: true,
    disabled: busy,
  });
  useEffect(() => {
    if (!openRef) return;
    openRef.current = open;
    return () => {
      openRef.current = null;
    };
  }, [open, openRef]);

  return (
    <div
      {...getRootProps({
        className: `dropzone${isDragActive ? ' dropzone--active' : ''}`,
        'aria-label': t('upload.dropAreaLabel'),
        role: 'region',
      })}
    >
      <input
        {...getInputProps({
          accept: ['image/jpeg', 'image/png', 'image/webp', ...ACCEPTED_FILE_EXTENSIONS].join(','),
        })}
        // Only the machinery behind 'Bilder auswählen' (tabindex -1): assistive technology uses that button.
        aria-hidden="true"
        data-testid="file-input"
      />
      {ripple && (
        <span key={ripple.seq} className="ripple" style={{ ['--ripple-ms' as string]: `${ripple.ms}ms` }} />
      )}
      {children ? (
        children(open)
      ) : (
        <>
          <div className="dropzone__icon" aria-hidden="true">
            <ImagePlus size={40} strokeWidth={1.5} focusable="false" />
          </div>
          <h2>{t('upload.dropTitle')}</h2>
          <p className="dropzone__hint">{t('upload.dropHint')}</p>
          <button type="button" className="button button--large" onClick={open} disabled={busy}>
            {t('upload.choose')}
          </button>
          {busy && (
            <p role="status" className="field-hint">
              {t('upload.reading')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
