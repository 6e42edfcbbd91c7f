import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { useQuery } from '@tanstack/react-query';
import { DateText } from '../../../components/date-text';
import type { RecentAlert } from '../api/alert-queries';
import { recentAlertsQueryOptions } from '../api/alert-queries';

const statusColor = {
  pending: 'info',
  sent: 'success',
  partial: 'warning',
  failed: 'error',
} as const;

export function describeThreshold(days: number): string {
  if (days <= 0) return 'Expires today';
  return days === 1 ? '1 day before expiry' : `${days} days before expiry`;
}

/** Recent alerts of the selected workspace; an empty state when there are none or the call fails. */
export function NotificationsBell({ workspaceId }: { workspaceId: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const query = useQuery({
    ...recentAlertsQueryOptions(workspaceId ?? ''),
    enabled: workspaceId !== null,
  });
  const items: RecentAlert[] = query.isSuccess ? query.data.items : [];
  const failed = items.filter((item) => item.status === 'failed').length;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={items.length > 0 ? `Notifications (${items.length} recent)` : 'Notifications'}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge
          // No hidden "0" for screen readers: the button's label already says how many.
          badgeContent={items.length > 0 ? (failed > 0 ? failed : items.length) : undefined}
          color={failed > 0 ? 'error' : 'primary'}
          max={9}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box role="dialog" aria-label="Recent alerts">
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
            Recent alerts
          </Typography>
          {items.length === 0 ? (
            <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 2 }}>
              No recent alerts. You will see alerts here when tokens of this workspace approach
              their expiry.
            </Typography>
          ) : (
            <List dense disablePadding sx={{ pb: 1 }}>
              {items.map((item) => (
                <ListItem
                  key={item.id}
                  secondaryAction={
                    <Chip size="small" label={item.status} color={statusColor[item.status]} />
                  }
                >
                  <ListItemText
                    primary={item.token_name}
                    secondary={
                      <>
                        {describeThreshold(item.threshold)} ·{' '}
                        <DateText value={item.created_at} kind="dateTime" />
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
