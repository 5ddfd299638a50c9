// The foot of a dialog that asks one thing: a quiet button that closes it and the button that does it, marked
// as danger when that cannot be undone. Closing is Radix's Dialog.Close, so it goes the way Escape goes.

import * as Dialog from '@radix-ui/react-dialog';

interface DialogActionsProps {
  closeLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirmation deletes what cannot be brought back. */
  danger?: boolean;
  confirmDisabled?: boolean;
}

export function DialogActions({
  closeLabel,
  confirmLabel,
  onConfirm,
  danger,
  confirmDisabled,
}: DialogActionsProps) {
  return (
    <div className="dialog__actions">
      <Dialog.Close className="button button--ghost">{closeLabel}</Dialog.Close>
      <button
        type="button"
        className={danger ? 'button button--danger' : 'button'}
        disabled={confirmDisabled}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
