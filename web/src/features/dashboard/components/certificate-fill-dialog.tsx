import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type {
  ParseCertificateResponse,
  ParsedCertificate,
} from '@expiry-radar/shared/api/certificate-api-schemas';
import {
  CERTIFICATE_TEXT_MAX_LENGTH,
  CERTIFICATE_TEXT_REQUIRED,
  CERTIFICATE_TEXT_TOO_LONG,
  PRIVATE_KEY_MESSAGE,
  holdsPrivateKey,
} from '@expiry-radar/shared/domain/certificate-text';
import { CertificatePemField } from '../../../components/certificate-pem-field';
import { DateText } from '../../../components/date-text';
import { formRefusal } from '../../../lib/api-client';
import { useParseCertificateMutation } from '../../tokens';

interface CertificateFillDialogProps {
  onClose: () => void;
  /** One certificate chosen to fill the form; the answer says whether it came from a chain. */
  onFill: (certificate: ParsedCertificate, answer: ParseCertificateResponse) => void;
  /** Several leaves: import each as a token through the import. */
  onImportAll?: (certificates: readonly ParsedCertificate[]) => void;
}

/** The text's own problem, found before anything is sent; a private key never leaves the browser. */
function textProblem(text: string): string | null {
  if (text.trim() === '') return CERTIFICATE_TEXT_REQUIRED;
  if (holdsPrivateKey(text)) return PRIVATE_KEY_MESSAGE;
  if (text.length > CERTIFICATE_TEXT_MAX_LENGTH) return CERTIFICATE_TEXT_TOO_LONG;
  return null;
}

/**
 * "Fill from certificate": paste PEM text or choose a .pem, .crt or .cer file (DER is turned into
 * PEM here); the server reads it. One leaf fills the form at once; several are listed to choose.
 */
export function CertificateFillDialog({
  onClose,
  onFill,
  onImportAll,
}: CertificateFillDialogProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ParseCertificateResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const parse = useParseCertificateMutation();

  const read = async (pem: string) => {
    setAnswer(null);
    const local = textProblem(pem);
    setProblem(local);
    if (local !== null) return;
    let result: ParseCertificateResponse;
    try {
      result = await parse.mutateAsync(pem);
    } catch (error) {
      setProblem(formRefusal(error));
      return;
    }
    if (result.certificates.length === 1) onFill(result.certificates[0]!, result);
    else setAnswer(result);
  };

  return (
    <Dialog
      open
      onClose={parse.isPending ? undefined : onClose}
      aria-labelledby="certificate-fill-title"
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void read(text);
        }}
      >
        <DialogTitle id="certificate-fill-title">Fill from certificate</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Paste a certificate in PEM form, or choose a .pem, .crt or .cer file. Only the
            certificate is read; never paste a private key.
          </DialogContentText>
          <CertificatePemField
            id="certificate-fill-text"
            label="Certificate (PEM)"
            fileLabel="Certificate file"
            text={text}
            problem={problem}
            onTextChange={(next) => {
              setText(next);
              setProblem(null);
            }}
            onFileText={(fileText) => void read(fileText)}
            fileInput={fileInput}
          />
          {answer && (
            <Box sx={{ mt: 2 }}>
              <Alert
                severity="info"
                action={
                  onImportAll && (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => onImportAll(answer.certificates)}
                    >
                      Import all {answer.certificates.length}
                    </Button>
                  )
                }
              >
                This text holds {answer.certificates.length} certificates. Choose the one to fill
                the form with, or import each as a token.
              </Alert>
              <List dense aria-label="Certificates found">
                {answer.certificates.map((certificate) => (
                  <ListItem
                    key={certificate.fingerprint_sha256}
                    secondaryAction={
                      <Button size="small" onClick={() => onFill(certificate, answer)}>
                        Fill from this one
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={certificate.token.name}
                      secondary={
                        <>
                          Expires <DateText value={certificate.token.expiresAt} kind="day" />
                          {certificate.token.issuer ? ` · ${certificate.token.issuer}` : ''}
                        </>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            startIcon={<UploadFileOutlined />}
            onClick={() => fileInput.current?.click()}
            disabled={parse.isPending}
            sx={{ mr: 'auto' }}
          >
            Choose file
          </Button>
          <Button onClick={onClose} disabled={parse.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={parse.isPending}>
            Read certificate
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
