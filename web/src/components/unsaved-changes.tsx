import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { NavigationType, useBlocker, type BlockerFunction } from 'react-router';

export const DISCARD_CHANGES_TITLE = 'Discard changes?';
export const DISCARD_CHANGES_TEXT =
  'Your changes have not been saved. If you discard them, they are lost.';

interface DiscardChangesDialogProps {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

/** "Discard changes?": Keep editing (the default, also Escape), or Discard. */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: DiscardChangesDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      aria-labelledby="discard-changes-title"
      aria-describedby="discard-changes-description"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="discard-changes-title">{DISCARD_CHANGES_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-changes-description">
          {DISCARD_CHANGES_TEXT}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          Keep editing
        </Button>
        <Button variant="contained" color="error" onClick={onDiscard}>
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * While `when` holds, the browser asks before the tab is closed or reloaded (its own question:
 * `beforeunload` cannot show ours).
 */
export function useBeforeUnloadPrompt(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
}

/**
 * Unsaved changes (`when`): leaving for another page or another query (a link, the back button,
 * the workspace picker) asks "Discard changes?" first, and so does closing or reloading the tab.
 * The app's own replacements of the same page's query are not leaving: the selected workspace
 * written into the URL once the workspace list has loaded, which on a slow connection comes
 * after a person has started typing in a dialog. With `leavingParams`, only a change of those
 * query parameters leaves (an edit that outlives the page's other parameters, such as its
 * filters). Needs a data router (createBrowserRouter).
 */
export function UnsavedChangesGuard({
  when,
  leavingParams,
}: {
  when: boolean;
  leavingParams?: readonly string[];
}) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) => {
      if (!when) return false;
      if (currentLocation.pathname !== nextLocation.pathname) return true;
      if (historyAction === NavigationType.Replace) return false;
      if (leavingParams === undefined) return currentLocation.search !== nextLocation.search;
      const current = new URLSearchParams(currentLocation.search);
      const next = new URLSearchParams(nextLocation.search);
      return leavingParams.some((name) => current.get(name) !== next.get(name));
    },
    [when, leavingParams],
  );
  const blocker = useBlocker(shouldBlock);
  useBeforeUnloadPrompt(when);
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

/**
 * Closing an edit (Cancel, Escape, the backdrop): with unsaved changes (`dirty`) it asks
 * "Discard changes?" first, else `discard` runs at once. Render `confirmation` beside the edit.
 */
export function useDiscardConfirmation(
  dirty: boolean,
  discard: () => void,
): { requestDiscard: () => void; confirmation: ReactNode } {
  const [asking, setAsking] = useState(false);
  return {
    requestDiscard: () => (dirty ? setAsking(true) : discard()),
    confirmation: (
      <DiscardChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          discard();
        }}
      />
    ),
  };
}
