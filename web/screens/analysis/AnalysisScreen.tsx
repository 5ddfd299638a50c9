// The analysis view: 'Ich schaue mir deine Bilder erstmal an...' with up to six thumbnails, each checked off
// as the device's room detector finishes it.

import { ANALYSIS_THUMBNAILS_MAX } from '../../../core/catalog/limits';
import { useAppState, usePreview } from '../../services/context';
import { t } from '../../i18n/de';
import type { ImageItem } from '../../workflow/machine';
import { Check } from '../../components/icons';

function AnalysisThumb({ image, done }: { image: ImageItem; done: boolean }) {
  const url = usePreview(image.id);
  return (
    <li className={`thumb analysis__thumb${done ? ' analysis__thumb--done' : ''}`}>
      {url && <img src={url} alt={image.name} />}
      <span
        className="analysis__check"
        role="img"
        aria-label={done ? t('analysis.done') : t('analysis.waiting')}
      >
        {done ? <Check aria-hidden="true" focusable="false" size={18} /> : null}
      </span>
    </li>
  );
}

export function AnalysisScreen() {
  const images = useAppState((s) => s.images);
  const analysed = useAppState((s) => s.analysedImageIds);
  const shown = images.slice(0, ANALYSIS_THUMBNAILS_MAX);
  const doneCount = images.filter((image) => analysed.includes(image.id)).length;
  return (
    <section className="card analysis" aria-labelledby="analysis-title" aria-busy="true">
      <h2 id="analysis-title">{t('analysis.title')}</h2>
      <p className="field-hint">{t('analysis.hint')}</p>
      <ul className="thumbs">
        {shown.map((image) => (
          <AnalysisThumb key={image.id} image={image} done={analysed.includes(image.id)} />
        ))}
      </ul>
      {images.length > shown.length && (
        <p className="field-hint">{t('analysis.more', { n: images.length - shown.length })}</p>
      )}
      <p role="status">{t('analysis.progress', { done: doneCount, total: images.length })}</p>
    </section>
  );
}
