// The full-screen comparison: one photo before/after with a draggable slider that starts at 50 %.
// Radix gives the focus trap, Escape and the labelling.

import * as Dialog from '@radix-ui/react-dialog';
import { useAppState, useDispatch, usePreview, useResult } from '../services/context';
import { CompareSlider } from '../components/CompareSlider';
import { t } from '../i18n/de';
import { useReturnFocus } from './returnFocus';

export function CompareDialog() {
  const dispatch = useDispatch();
  const overlay = useAppState((s) => s.overlay);
  const image = useAppState((s) =>
    overlay?.kind === 'compare' ? s.images.find((i) => i.id === overlay.imageId) : undefined,
  );
  const before = usePreview(image?.id ?? '', 'original');
  const after = useResult(image?.enhancedKey);
  const focus = useReturnFocus();
  return (
    <Dialog.Root open={!!image} onOpenChange={(open) => !open && dispatch({ type: 'overlayClosed' })}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--full" aria-describedby={undefined} {...focus}>
          <Dialog.Title>
            {t('compareDialog.title')}: {image?.name}
          </Dialog.Title>
          {before && after && image && <CompareSlider before={before} after={after} alt={image.name} />}
          <Dialog.Close className="button dialog__close">{t('compareDialog.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
