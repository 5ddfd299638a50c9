// 'Neu starten' with a question first: starting over deletes every photo and result on this device and
// cannot be undone, so one tap must not do it. Radix gives the focus trap, Escape (which cancels) and labels.

import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { RotateCcw } from '../components/icons';
import { t } from '../i18n/de';
import { useActions } from '../services/context';
import { DialogActions } from './DialogActions';

export function ResetButton({ label }: { label: string }) {
  const { reset } = useActions();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button button--danger">
        <RotateCcw aria-hidden="true" focusable="false" size={18} /> {label}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog">
          <Dialog.Title>{t('reset.title')}</Dialog.Title>
          <Dialog.Description>{t('reset.text')}</Dialog.Description>
          <DialogActions
            closeLabel={t('reset.cancel')}
            confirmLabel={t('reset.confirm')}
            danger
            onConfirm={() => {
              setOpen(false);
              void reset();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
