import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ALERTS_DISABLED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { paths, queryParams } from '../../lib/paths';
import { alertSettingsQueryOptions } from '../../lib/alert-settings-query';
import { alertsAreDisabled } from './alerts-disabled';

interface AlertsDisabledNoticeProps {
  /** The workspace whose alert settings are read. */
  workspaceId: string;
  /** Links to /preferences (off on the preferences page itself). */
  showLink?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * "Alerts are disabled until a channel is defined": shown when the workspace has email
 * alerts off and no webhook. Reads the settings itself (cached, quiet on failure), so the
 * dashboard can render it with only the workspace id.
 */
export function AlertsDisabledNotice({
  workspaceId,
  showLink = true,
  sx,
}: AlertsDisabledNoticeProps) {
  const query = useQuery({ ...alertSettingsQueryOptions(workspaceId), retry: false });
  if (!query.isSuccess || !alertsAreDisabled(query.data)) return null;
  const to = `${paths.preferences}?${new URLSearchParams({ [queryParams.workspace]: workspaceId }).toString()}`;
  return (
    <Alert
      severity="warning"
      sx={sx}
      action={
        showLink ? (
          <Button component={RouterLink} to={to} color="inherit" size="small">
            Set up alerts
          </Button>
        ) : undefined
      }
    >
      {ALERTS_DISABLED_NOTICE}
    </Alert>
  );
}
