import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The history state of the entry a dialog pushed when it opened. */
interface DialogEntryState {
  readonly dialogEntry?: boolean;
}

export interface DialogEntry<T> {
  /** What the open dialog is about, or null when none is open. */
  readonly value: T | null;
  readonly open: (value: T) => void;
  readonly close: () => void;
}

/**
 * A dialog opened over the page (Renew, Delete) is a history entry of its own, as a token's
 * Details is (use-token-details.ts): opening it pushes the same address again, Back closes it and
 * leaves the page and its filters as they were, and closing it goes back past that entry.
 */
export function useDialogEntry<T>(): DialogEntry<T> {
  const location = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState<T | null>(null);
  const onEntry = (location.state as DialogEntryState | null)?.dialogEntry === true;
  // Set once the pushed entry is the current one: until then the address has not changed yet.
  const entered = useRef(false);

  useEffect(() => {
    if (value === null) {
      entered.current = false;
    } else if (onEntry) {
      entered.current = true;
    } else if (entered.current) {
      // Back (or any move) off the dialog's entry.
      entered.current = false;
      setValue(null);
    }
  }, [value, onEntry]);

  const open = useCallback(
    (opened: T) => {
      setValue(opened);
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: { dialogEntry: true } satisfies DialogEntryState },
      );
    },
    [navigate, location.pathname, location.search, location.hash],
  );

  const close = useCallback(() => {
    if (value === null) return;
    if (entered.current && onEntry) {
      void navigate(-1);
      return;
    }
    setValue(null);
  }, [value, onEntry, navigate]);

  return { value, open, close };
}
