import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MailOutlined from '@mui/icons-material/MailOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { invitationsQueryOptions } from '../api/workspace-queries';

/** The top bar's pointer to pending invitations (on /workspaces); nothing when there are none. */
export function InvitationsBadge() {
  const { data } = useQuery(invitationsQueryOptions());
  const count = data?.items.length ?? 0;
  if (count === 0) return null;
  const label = `${count} pending invitation${count === 1 ? '' : 's'}`;
  return (
    <Tooltip title={label}>
      <IconButton
        component={RouterLink}
        to={`${paths.workspaces}#invitations`}
        color="inherit"
        aria-label={label}
      >
        <Badge badgeContent={count} color="primary">
          <MailOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
