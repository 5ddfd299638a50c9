// Gives the keyboard focus back to where it was when a dialog opened. Radix does that only for a Dialog.Trigger;
// our dialogs open from the workflow's state (a button's event, a 402 answer), so without this the focus would
// fall to the page's start when the dialog closes.

import { useRef } from 'react';

export function useReturnFocus(): {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current;
      opener.current = null;
      // The opener may be gone (the screen changed underneath); then the browser's default applies.
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
