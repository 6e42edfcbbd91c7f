import type { ChangeEvent, RefObject } from 'react';
import TextField from '@mui/material/TextField';
import { certificateFileText, holdsPrivateKey } from '@expiry-radar/shared/domain/certificate-text';
import { readFileBytes } from '../lib/read-file';

const CERTIFICATE_FILE_TYPES = '.pem,.crt,.cer';

interface CertificatePemFieldProps {
  readonly id: string;
  readonly label: string;
  /** The hidden file input's accessible name. */
  readonly fileLabel: string;
  readonly text: string;
  /** Shown under the field in place of its hint. */
  readonly problem: string | null;
  /** The text typed, or the text of a file chosen ('' when the file holds a private key). */
  readonly onTextChange: (text: string) => void;
  /** A file was chosen: its whole text, after `onTextChange`. */
  readonly onFileText: (fileText: string) => void;
  /** The hidden file input, which the dialog's "Choose file" button opens. */
  readonly fileInput: RefObject<HTMLInputElement | null>;
}

/**
 * A certificate pasted in PEM form, or read from a chosen .pem, .crt or .cer file (DER is turned
 * into PEM here; a private key in a file is not shown), with its problem under it.
 */
export function CertificatePemField({
  id,
  label,
  fileLabel,
  text,
  problem,
  onTextChange,
  onFileText,
  fileInput,
}: CertificatePemFieldProps) {
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fileText = certificateFileText(await readFileBytes(file));
    onTextChange(holdsPrivateKey(fileText) ? '' : fileText);
    onFileText(fileText);
  };

  return (
    <>
      <TextField
        id={id}
        label={label}
        multiline
        minRows={6}
        maxRows={12}
        fullWidth
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        error={problem !== null}
        helperText={problem ?? 'Starts with -----BEGIN CERTIFICATE-----'}
        placeholder="-----BEGIN CERTIFICATE-----"
        slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
      <input
        ref={fileInput}
        type="file"
        accept={CERTIFICATE_FILE_TYPES}
        hidden
        aria-label={fileLabel}
        onChange={(event) => void chooseFile(event)}
      />
    </>
  );
}
