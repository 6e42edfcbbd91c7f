import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { PRIVATE_KEY_MESSAGE, holdsPrivateKey } from '@expiry-radar/shared/domain/certificate-text';
import {
  TRUSTED_CA_MESSAGES,
  TRUSTED_CA_PEM_MAX_LENGTH,
} from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { CertificatePemField } from '../../../components/certificate-pem-field';
import { formRefusal } from '../../../lib/api-client';

/** The text's own problem, found before anything is sent; a private key never leaves the browser. */
function textProblem(text: string): string | null {
  if (text.trim() === '') return TRUSTED_CA_MESSAGES.pemRequired;
  if (holdsPrivateKey(text)) return PRIVATE_KEY_MESSAGE;
  if (text.length > TRUSTED_CA_PEM_MAX_LENGTH) return TRUSTED_CA_MESSAGES.pemTooLong;
  return null;
}

interface AddTrustedCaDialogProps {
  onClose: () => void;
  /** Adds the CA certificate; a rejection's message shows under the field. */
  onAdd: (pem: string) => Promise<unknown>;
}

/**
 * "Add certificate authority": paste a CA certificate in PEM form or choose a .pem, .crt or .cer
 * file (DER is turned into PEM here), then add it; the server says why one is refused.
 */
export function AddTrustedCaDialog({ onClose, onAdd }: AddTrustedCaDialogProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const add = async () => {
    const local = textProblem(text);
    setProblem(local);
    if (local !== null) return;
    setBusy(true);
    try {
      await onAdd(text);
    } catch (error) {
      setProblem(formRefusal(error));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="add-trusted-ca-title"
      aria-describedby="add-trusted-ca-description"
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <DialogTitle id="add-trusted-ca-title">Add certificate authority</DialogTitle>
        <DialogContent>
          <DialogContentText id="add-trusted-ca-description" sx={{ mb: 2 }}>
            Paste one CA certificate in PEM form, or choose a .pem, .crt or .cer file. Endpoint
            checks of this workspace then trust every certificate it issued. Never paste a private
            key.
          </DialogContentText>
          <CertificatePemField
            id="trusted-ca-pem"
            label="CA certificate (PEM)"
            fileLabel="CA certificate file"
            text={text}
            problem={problem}
            onTextChange={(next) => {
              setText(next);
              setProblem(null);
            }}
            onFileText={(fileText) => setProblem(textProblem(fileText))}
            fileInput={fileInput}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            startIcon={<UploadFileOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
            sx={{ mr: 'auto' }}
          >
            Choose file
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Add
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
