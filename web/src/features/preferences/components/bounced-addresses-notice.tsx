import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AlertSettings } from '@expiry-radar/shared/api/alert-api-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { showSuccessToast } from '../../../lib/toasts';
import { useRemoveBouncedAddressMutation } from '../api/alert-settings-mutations';

interface BouncedAddressesNoticeProps {
  readonly workspaceId: string;
  readonly bounced: AlertSettings['bounced_addresses'];
  /** Admins and workspace managers may take an address off the list. */
  readonly canRemove: boolean;
}

/** The workspace's contact addresses on the suppression list, which get no alert emails. */
export function BouncedAddressesNotice({
  workspaceId,
  bounced,
  canRemove,
}: BouncedAddressesNoticeProps) {
  const remove = useRemoveBouncedAddressMutation(workspaceId);
  if (bounced.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} aria-label="Addresses that bounce">
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        These addresses get no alert emails: email to them bounced for good, or they marked an alert
        as spam. Fix or replace them here
        {canRemove ? ', then take a fixed address off the list.' : '.'}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {bounced.map((entry) => (
          <li key={entry.address}>
            {entry.address}: {entry.reason === 'bounce' ? 'address bounced' : 'marked as spam'} on{' '}
            {entry.reported_at.slice(0, 10)}
            {canRemove && (
              <Button
                size="small"
                sx={{ ml: 1 }}
                disabled={remove.isPending}
                aria-label={`Take ${entry.address} off the list`}
                onClick={() =>
                  remove.mutate(entry.address, {
                    onSuccess: () => showSuccessToast(SUCCESS_MESSAGES.bouncedAddressRemoved),
                  })
                }
              >
                Take off the list
              </Button>
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
