import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { paths } from '../../../lib/paths';
import { canEditMembers, canTransferFrom } from '../workspace-permissions';
import { useSession } from '../../session';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { MembersPanel } from './members-panel';
import {
  isBlockedByTwoFactor,
  TwoFactorRequiredNotice,
  TwoFactorRequirement,
} from './two-factor-requirement';

export const FROZEN_NOTE =
  'This workspace is frozen: it is read-only and its alerts are paused, because it is beyond its owner’s plan limit. Upgrade the plan to unfreeze it, or transfer its tokens into an active workspace.';
/**
 * The same for a member who is not the owner: their own plan does not change the workspace's
 * (a workspace's plan is its owner's), so they are not sent to Billing.
 */
export const FROZEN_NOTE_FOR_MEMBERS =
  'This workspace is frozen: it is read-only and its alerts are paused, because it is beyond its owner’s plan limit. Only its owner can unfreeze it, by upgrading their plan.';
export const FROZEN_TRANSFER_NOTE = 'You can transfer its tokens into an active workspace.';
export const VIEWER_MEMBERS_NOTE = 'Admins and workspace managers invite members and change roles.';

interface WorkspaceDetailsProps {
  workspace: Workspace;
  selfId: string;
  onTransfer: () => void;
  onLeft: () => void;
  onFrozen: () => void;
}

/** The open workspace: its state, its members, and moving tokens into or out of it. */
export function WorkspaceDetails({
  workspace,
  selfId,
  onTransfer,
  onLeft,
  onFrozen,
}: WorkspaceDetailsProps) {
  const { user } = useSession();
  const twoFactorEnabled = user?.twoFactorEnabled === true;
  if (isBlockedByTwoFactor(workspace, twoFactorEnabled)) {
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="workspace-members-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={2}>
          <Typography id="workspace-members-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Members of {workspace.name}
          </Typography>
          <TwoFactorRequiredNotice />
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="workspace-members-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Stack spacing={0.5}>
            <Typography
              id="workspace-members-title"
              variant="h2"
              sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}
            >
              Members of {workspace.name}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              Your role: {ROLE_LABELS[workspace.role]}
            </Typography>
          </Stack>
          {canTransferFrom(workspace) && (
            <Button variant="outlined" onClick={onTransfer}>
              Transfer tokens
            </Button>
          )}
        </Stack>
        {workspace.is_frozen ? (
          workspace.role === 'admin' ? (
            <Alert severity="warning">
              {FROZEN_NOTE}{' '}
              <Link component={RouterLink} to={paths.billing} color="inherit">
                Billing & Plans
              </Link>
            </Alert>
          ) : (
            <Alert severity="warning">
              {FROZEN_NOTE_FOR_MEMBERS}
              {canTransferFrom(workspace) && ` ${FROZEN_TRANSFER_NOTE}`}
            </Alert>
          )
        ) : (
          !canEditMembers(workspace) && <Alert severity="info">{VIEWER_MEMBERS_NOTE}</Alert>
        )}
        <TwoFactorRequirement workspace={workspace} twoFactorEnabled={twoFactorEnabled} />
        <CalendarFeedPanel key={`calendar-${workspace.id}`} workspace={workspace} />
        <MembersPanel
          key={workspace.id}
          workspace={workspace}
          selfId={selfId}
          onLeft={onLeft}
          onFrozen={onFrozen}
        />
      </Stack>
    </Paper>
  );
}
