// The question before 'Alle löschen' empties the grid: it deletes every photo on this device and cannot be
// undone, so one tap must not do it. Radix (as the reset dialog) gives the focus trap, Escape (which cancels)
// and the labels; it loads with the first question, not with the landing page.

import * as Dialog from '@radix-ui/react-dialog';
import { DialogActions } from '../../dialogs/DialogActions';
import { useReturnFocus } from '../../dialogs/returnFocus';
import { t, tn } from '../../i18n/de';

interface ClearAllDialogProps {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ClearAllDialog({ count, onConfirm, onCancel }: ClearAllDialogProps) {
  const focus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--confirm" role="alertdialog" {...focus}>
          <Dialog.Title>{t('upload.clearConfirm.title')}</Dialog.Title>
          <Dialog.Description>
            {tn('upload.clearConfirm.textOne', 'upload.clearConfirm.textMany', count)}
          </Dialog.Description>
          <DialogActions
            closeLabel={t('upload.clearConfirm.cancel')}
            confirmLabel={t('upload.clearConfirm.confirm')}
            danger
            onConfirm={onConfirm}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
