import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { DOWNGRADED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { accountSettingsPath } from '../../lib/paths';
import { useSession } from '../session/hooks/use-session';

/**
 * Spec §8's notice for a downgraded user, linking to the account view where tokens are moved out
 * of frozen workspaces. Renders nothing unless the session user is downgraded; a plan change
 * refreshes the session, which removes it.
 */
export function DowngradedNotice({ sx }: { sx?: SxProps<Theme> }) {
  const { user } = useSession();
  if (!user?.downgraded) return null;
  return (
    <Alert
      severity="warning"
      sx={sx}
      action={
        <Button component={RouterLink} to={accountSettingsPath} color="inherit" size="small">
          Transfer tokens
        </Button>
      }
    >
      {DOWNGRADED_NOTICE}
    </Alert>
  );
}
