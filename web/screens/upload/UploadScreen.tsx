// The upload page of SPEC section 2 while idle: headline, drop zone or thumbnail grid, the 'oder' divider
// and the listing import form, with the benefit list and testimonials in the side column.

import { useCallback, useRef, useState } from 'react';
import { useActions, useAppState } from '../../services/context';
import { Benefits } from '../../components/Benefits';
import { Testimonials } from '../../components/Testimonials';
import { t } from '../../i18n/de';
import { DropArea } from './DropArea';
import { ImageGrid } from './ImageGrid';
import { ImportForm } from './ImportForm';

export function UploadScreen() {
  const actions = useActions();
  const images = useAppState((s) => s.images);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const openPicker = useRef<(() => void) | null>(null);

  const startImport = (url: string) => {
    setImporting(true);
    setImportError(null);
    void actions
      .importListing(url)
      .then(setImportError)
      .finally(() => setImporting(false));
  };

  const onFiles = useCallback(
    (files: File[]) => {
      setReading(true);
      void actions.addFiles(files).finally(() => setReading(false));
    },
    [actions],
  );

  return (
    <div className="layout">
      <div>
        <DropArea onFiles={onFiles} busy={reading || importing} openRef={openPicker}>
          {images.length > 0
            ? (open) => (
                <ImageGrid
                  images={images}
                  busy={reading || importing}
                  onAddMore={open}
                  onRemove={(id) => void actions.removeImage(id)}
                  onClear={() => void actions.removeAllImages()}
                  onOptimize={() => void actions.optimize()}
                />
              )
            : undefined}
        </DropArea>
        <p className="field-hint">{t('upload.savedLocally')}</p>
        <div className="divider" role="separator">
          {t('upload.or')}
        </div>
        <ImportForm
          onImport={startImport}
          loading={importing}
          error={importError}
          onUploadInstead={() => openPicker.current?.()}
        />
      </div>
      <aside className="side">
        <Benefits />
        <Testimonials />
      </aside>
    </div>
  );
}
