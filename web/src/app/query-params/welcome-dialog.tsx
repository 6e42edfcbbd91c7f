import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLocation, useNavigate } from 'react-router';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { useSession } from '../../features/session';
import { useWorkspaceSelection } from '../../features/workspaces';
import { paths } from '../../lib/paths';
import type { WelcomeCloseOptions } from './use-welcome-dialog';

interface WelcomeDialogProps {
  open: boolean;
  onClose: (options?: WelcomeCloseOptions) => void;
}

const WELCOME_TEXT = {
  editor:
    'Your account is ready. Add the certificates, keys, licenses and other items you want to keep an eye on, and Expiry Radar will alert you before any of them expires.',
  viewer:
    "You can see this workspace's certificates, keys and licenses and get their alerts; its admins and managers keep them up to date.",
} as const;

/** Where "Get Started" leads: adding items, or for a viewer (no Create form) their alerts. */
const GET_STARTED_PATH = { editor: paths.docsTokens, viewer: paths.docsAlerts } as const;

/**
 * "Welcome on board" for new users, worded for what they can do in the selected workspace: a
 * viewer reads and gets alerts. Shown once the workspaces have answered.
 */
export function WelcomeDialog({ open, onClose }: WelcomeDialogProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const selection = useWorkspaceSelection({ enabled: isLoggedIn });
  const role = selection.selected && !isEditorRole(selection.selected.role) ? 'viewer' : 'editor';
  const go = (to: string) => {
    // On the dashboard already (its Account settings view among them): stay, with its workspace.
    if (pathname === to) {
      onClose({ toDashboardView: to === paths.dashboard });
      return;
    }
    onClose();
    void navigate(to);
  };
  return (
    <Dialog
      open={open && !selection.isLoading}
      onClose={() => onClose()}
      aria-labelledby="welcome-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="welcome-title">Welcome on board</DialogTitle>
      <DialogContent>
        <DialogContentText>{WELCOME_TEXT[role]}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => go(GET_STARTED_PATH[role])}>Get Started</Button>
        <Button variant="contained" onClick={() => go(paths.dashboard)}>
          Go to Dashboard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
