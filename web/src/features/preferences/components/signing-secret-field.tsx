import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { showErrorToast } from '../../../lib/toasts';

interface SigningSecretFieldProps {
  secret: string;
  /** Replaces the secret (admins and workspace managers); resolves when stored. */
  onRotate?: () => Promise<void>;
}

/** The generic-webhook signing secret: read-only, hidden until shown, copyable, rotatable. */
export function SigningSecretField({ secret, onRotate }: SigningSecretFieldProps) {
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [rotated, setRotated] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      showErrorToast('Could not copy to the clipboard. Show the secret and copy it by hand.');
    }
  };

  const rotate = async () => {
    if (!onRotate) return;
    setRotating(true);
    try {
      await onRotate();
      setRotated(true);
      setConfirming(false);
    } catch {
      // The API client has shown why.
    } finally {
      setRotating(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Webhook signing secret"
          value={secret}
          type={visible ? 'text' : 'password'}
          sx={{ flex: 1 }}
          helperText={
            copied
              ? 'Copied to the clipboard.'
              : 'Generic webhooks carry an HMAC-SHA256 signature of the timestamp and body made with this secret, so receivers can check that alerts come from Expiry Radar.'
          }
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={visible ? 'Hide secret' : 'Show secret'}>
                    <IconButton
                      aria-label={visible ? 'Hide secret' : 'Show secret'}
                      onClick={() => setVisible((shown) => !shown)}
                    >
                      {visible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Copy secret">
                    <IconButton aria-label="Copy secret" edge="end" onClick={() => void copy()}>
                      <ContentCopy />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        {onRotate && (
          <Button
            variant="outlined"
            color="warning"
            onClick={() => setConfirming(true)}
            sx={{ mt: { sm: 1 } }}
          >
            Rotate secret
          </Button>
        )}
      </Stack>
      {rotated && (
        <Alert severity="success" onClose={() => setRotated(false)}>
          A new signing secret is in use. Update your receivers with it.
        </Alert>
      )}
      <Dialog
        open={confirming}
        onClose={() => !rotating && setConfirming(false)}
        aria-labelledby="rotate-secret-title"
      >
        <DialogTitle id="rotate-secret-title">Rotate the signing secret?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Generic webhooks are signed with a new secret from now on. Receivers that check the
            signature refuse alerts until they use the new one.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={rotating}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => void rotate()}
            disabled={rotating}
          >
            {rotating ? 'Rotating…' : 'Rotate secret'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
