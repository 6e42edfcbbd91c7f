import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PendingInvitation } from '@expiry-radar/shared/api/invitation-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { DateText } from '../../../components/date-text';

interface InvitationsListProps {
  invitations: PendingInvitation[];
  busyId: string | null;
  /** The invitation the link the page opened offers: set apart, its Accept focused. */
  offeredId?: string | null;
  onAccept: (invitation: PendingInvitation) => void;
  onDecline: (invitation: PendingInvitation) => void;
}

function InvitedLine({ invitation }: { invitation: PendingInvitation }) {
  const by = invitation.invited_by_name ? ` by ${invitation.invited_by_name}` : '';
  return (
    <>
      Invited{by} as {ROLE_LABELS[invitation.role]} on{' '}
      <DateText value={invitation.invited_at} kind="date" />
    </>
  );
}

/**
 * Pending invitations to the user's address, each with Accept and Decline; none: nothing. The
 * offered one (an invitation email's link) is set apart and has its Accept focused.
 */
export function InvitationsList({
  invitations,
  busyId,
  offeredId,
  onAccept,
  onDecline,
}: InvitationsListProps) {
  if (invitations.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      id="invitations"
      aria-labelledby="invitations-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="invitations-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Invitations
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invitations.map((invitation) => {
          const busy = busyId === invitation.id;
          const offered = offeredId === invitation.id;
          return (
            <Stack
              component="li"
              key={invitation.id}
              aria-label={`Invitation to ${invitation.workspace_name}`}
              aria-current={offered || undefined}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={[
                { alignItems: { sm: 'center' } },
                offered && {
                  p: 1.5,
                  border: 2,
                  borderColor: 'primary.main',
                  borderRadius: 1,
                  bgcolor: 'action.selected',
                },
              ]}
            >
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {invitation.workspace_name}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  <InvitedLine invitation={invitation} />
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  disabled={busyId !== null}
                  // The page opened to answer this one.
                  autoFocus={offered}
                  onClick={() => onAccept(invitation)}
                >
                  {busy ? 'Accepting…' : 'Accept'}
                </Button>
                <Button
                  variant="outlined"
                  disabled={busyId !== null}
                  onClick={() => onDecline(invitation)}
                >
                  Decline
                </Button>
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
