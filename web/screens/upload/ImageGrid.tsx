// 'Deine Bilder (n)': the thumbnails with a larger preview on hover or focus, a remove button per photo,
// 'Alle löschen' (after a question), 'Mehr hinzufügen', and the button that starts the optimisation.

import { lazy, Suspense, useState } from 'react';
import type { ImageItem } from '../../workflow/machine';
import { usePreview } from '../../services/context';
import { t, tn } from '../../i18n/de';
import { X } from '../../components/icons';

// The dialog library loads with the first question, not with the landing page.
const ClearAllDialog = lazy(() => import('./ClearAllDialog').then((m) => ({ default: m.ClearAllDialog })));

interface ImageGridProps {
  images: readonly ImageItem[];
  busy: boolean;
  onAddMore: () => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  onOptimize: () => void;
}

function Thumb({ image, onRemove }: { image: ImageItem; onRemove: (id: string) => void }) {
  const url = usePreview(image.id);
  return (
    <li className="thumb" tabIndex={-1}>
      {url && <img src={url} alt={image.name} />}
      <span className="thumb__name">{image.name}</span>
      {url && (
        <span className="thumb__preview" aria-hidden="true">
          <img src={url} alt="" />
        </span>
      )}
      <button
        type="button"
        className="thumb__remove"
        aria-label={t('upload.remove', { name: image.name })}
        onClick={() => onRemove(image.id)}
      >
        <X aria-hidden="true" focusable="false" size={16} />
      </button>
    </li>
  );
}

export function ImageGrid({ images, busy, onAddMore, onRemove, onClear, onOptimize }: ImageGridProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="grid-title">
      <div className="grid-head">
        <h2 id="grid-title">{t('upload.gridTitle', { n: images.length })}</h2>
        <div className="grid-actions">
          <button type="button" className="button button--ghost" onClick={onAddMore} disabled={busy}>
            {t('upload.addMore')}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            {t('upload.clearAll')}
          </button>
        </div>
      </div>
      <ul className="thumbs">
        {images.map((image) => (
          <Thumb key={image.id} image={image} onRemove={onRemove} />
        ))}
      </ul>
      {busy && (
        <p role="status" className="field-hint">
          {t('upload.reading')}
        </p>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ClearAllDialog
            count={images.length}
            onConfirm={() => {
              setConfirming(false);
              onClear();
            }}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      )}
      <div className="optimize">
        <button type="button" className="button button--large" onClick={onOptimize} disabled={busy}>
          {tn('upload.optimizeOne', 'upload.optimizeMany', images.length)}
        </button>
      </div>
    </section>
  );
}
