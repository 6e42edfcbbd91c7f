import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import {
  CALENDAR_MESSAGES,
  calendarFeedUrl,
  useCalendarFeedLink,
  useRotateCalendarFeedMutation,
} from '../api/calendar-feed';

export const CALENDAR_HELP =
  'Subscribe in a calendar app to see each token’s expiry as an all-day event, with reminders at this workspace’s alert thresholds. The link is yours: anyone with it can read the calendar until you leave this workspace, lose access to it, or the link is replaced.';
export const COPY_FAILED = 'The link could not be copied. Copy it from the address shown instead.';

/** "Subscribe in calendar" for every member; replacing the link for admins and managers. */
export function CalendarFeedPanel({ workspace }: { workspace: Workspace }) {
  const link = useCalendarFeedLink(workspace.id);
  const rotate = useRotateCalendarFeedMutation(workspace.id);
  const [confirming, setConfirming] = useState(false);
  const [shownUrl, setShownUrl] = useState<string | null>(null);

  const copy = async () => {
    if (!link.data) return;
    const url = calendarFeedUrl(link.data);
    try {
      await navigator.clipboard.writeText(url);
      showSuccessToast(CALENDAR_MESSAGES.copied);
    } catch {
      setShownUrl(url);
      showErrorToast(COPY_FAILED);
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby="calendar-feed-title">
      <Typography id="calendar-feed-title" variant="h3" sx={{ fontSize: '1rem' }}>
        Calendar
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {CALENDAR_HELP}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={!link.data} onClick={() => void copy()}>
          Subscribe in calendar
        </Button>
        {link.data?.canRotate && (
          <Button color="warning" onClick={() => setConfirming(true)}>
            Rotate calendar link
          </Button>
        )}
      </Stack>
      {shownUrl && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {shownUrl}
        </Typography>
      )}
      {confirming && (
        <ConfirmDialog
          id="rotate-calendar-link"
          title="Replace the calendar link?"
          confirmLabel="Replace link"
          busyLabel="Replacing…"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await rotate.mutateAsync();
            setShownUrl(null);
            setConfirming(false);
          }}
        >
          <Typography id="rotate-calendar-link-description">
            Calendars subscribed with any member’s current link stop updating. Members copy their
            new link to subscribe again.
          </Typography>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
