import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { accountSettingsPath, paths } from '../../../lib/paths';

/**
 * Why the page shows another workspace than the link named: that one is frozen (read-only,
 * alerts paused) because its owner's plan no longer covers it, so it is never selected. Its owner
 * (its admin) is pointed to the way out: upgrade, or move its tokens out.
 */
export function FrozenWorkspaceNotice({
  frozen,
  shown,
  onClose,
}: {
  frozen: Workspace;
  /** The workspace shown instead; null when no active one is left. */
  shown: Workspace | null;
  onClose: () => void;
}) {
  const owner = frozen.role === 'admin';
  const instead = shown
    ? `“${shown.name}” is shown instead.`
    : 'No active workspace is left to show.';
  return (
    <Alert severity="warning" onClose={onClose} sx={{ mb: 3 }}>
      <AlertTitle>“{frozen.name}” is frozen</AlertTitle>
      {owner
        ? "It is beyond your plan's limits, so it is read-only with its alerts paused. "
        : "Its owner's plan no longer covers it, so it is read-only with its alerts paused. "}
      {instead}
      {owner && (
        <>
          {' '}
          <Link component={RouterLink} to={paths.billing} color="inherit">
            Upgrade
          </Link>{' '}
          to unfreeze it, or{' '}
          <Link component={RouterLink} to={accountSettingsPath} color="inherit">
            transfer its tokens
          </Link>{' '}
          to an active workspace.
        </>
      )}
    </Alert>
  );
}
