import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { saveFile } from '../../../lib/save-file';

export const RECOVERY_CODES_FILE_NAME = 'expiry-radar-recovery-codes.txt';
export const RECOVERY_CODES_NOTE =
  'Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.';

/** The text of the downloaded file: what the codes are for, then one code per line. */
export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Expiry Radar recovery codes for ${email}`,
    'Each code can be used once to sign in instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Recovery codes shown once, with a download as a .txt file. */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}) {
  const download = () =>
    saveFile({
      blob: new Blob([recoveryCodesText(codes, email)], { type: 'text/plain' }),
      fileName: RECOVERY_CODES_FILE_NAME,
    });
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{RECOVERY_CODES_NOTE}</Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: '"Roboto Mono", monospace',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={download}>
          Download as .txt
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </Stack>
    </Stack>
  );
}
