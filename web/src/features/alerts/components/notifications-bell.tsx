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
import { formatDateText } from '../../../lib/date-format';
import type { RecentAlert } from '../api/alert-queries';
import { RECENT_ALERTS_LIMIT, recentAlertsQueryOptions } from '../api/alert-queries';
import { ALERT_STATUS_LABELS, daysLeftText } from './recent-alert-text';

const statusColor = {
  pending: 'info',
  sent: 'success',
  partial: 'warning',
  failed: 'error',
} as const;

/** The gap between the bell and the popover, and the popover's margin to the window's bottom. */
const POPOVER_GAP = 8;
const POPOVER_MARGIN = 16;

/**
 * The tallest the popover may be below `bell`: it always opens under the bell (MUI would move a
 * popover too tall for the space below up over its anchor, hiding the bell and its badge).
 */
function heightBelow(bell: HTMLElement): number {
  return Math.max(
    160,
    window.innerHeight - bell.getBoundingClientRect().bottom - POPOVER_GAP - POPOVER_MARGIN,
  );
}

function RecentAlertRow({ item, now }: { item: RecentAlert; now: Date }) {
  // An endpoint problem's alert is about what is wrong, not about the days left.
  const what = item.problem ?? daysLeftText(item.expires_at, now);
  const when = formatDateText(item.created_at, 'dateTime');
  return (
    <ListItem sx={{ gap: 1.5, alignItems: 'flex-start' }}>
      <ListItemText
        sx={{ my: 0, minWidth: 0 }}
        primary={item.token_name}
        secondary={[what, when].filter(Boolean).join(' · ')}
        slotProps={{ primary: { noWrap: true, title: item.token_name } }}
      />
      <Chip
        size="small"
        label={ALERT_STATUS_LABELS[item.status]}
        color={statusColor[item.status]}
        sx={{ flexShrink: 0 }}
      />
    </ListItem>
  );
}

/** Recent alerts of the selected workspace; an empty state when there are none or the call fails. */
export function NotificationsBell({ workspaceId }: { workspaceId: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [maxHeight, setMaxHeight] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => new Date());
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
        // The badge's number is a word of the name too (failed ones, else all recent ones), so
        // what is seen is what speech input users can say.
        aria-label={
          items.length > 0
            ? `Notifications, ${items.length} recent${failed > 0 ? `, ${failed} failed` : ''}`
            : 'Notifications'
        }
        aria-haspopup="dialog"
        onClick={(event) => {
          setMaxHeight(heightBelow(event.currentTarget));
          setNow(new Date());
          setAnchor(event.currentTarget);
        }}
      >
        <Badge
          // No hidden "0" for screen readers: the button's label already says how many.
          badgeContent={items.length > 0 ? (failed > 0 ? failed : items.length) : undefined}
          color={failed > 0 ? 'error' : 'primary'}
          max={RECENT_ALERTS_LIMIT}
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
        marginThreshold={POPOVER_MARGIN}
        slotProps={{
          paper: {
            sx: {
              mt: `${POPOVER_GAP}px`,
              width: 360,
              maxWidth: `calc(100vw - ${2 * POPOVER_MARGIN}px)`,
              maxHeight,
              overflowY: 'auto',
            },
          },
        }}
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
                <RecentAlertRow key={item.id} item={item} now={now} />
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
