import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';

interface WelcomeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** "Welcome on board" for new users. */
export function WelcomeDialog({ open, onClose }: WelcomeDialogProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (to: string) => {
    onClose();
    if (pathname !== to) void navigate(to);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="welcome-title" maxWidth="xs" fullWidth>
      <DialogTitle id="welcome-title">Welcome on board</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your account is ready. Add the certificates, keys, licenses and other items you want to
          keep an eye on, and Expiry Radar will alert you before any of them expires.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => go(paths.docsTokens)}>Get Started</Button>
        <Button variant="contained" onClick={() => go(paths.dashboard)}>
          Go to Dashboard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
