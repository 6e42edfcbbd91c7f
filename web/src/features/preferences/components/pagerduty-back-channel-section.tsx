import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PagerDutyBackChannel,
  PagerDutyBackChannelBody,
} from '@expiry-radar/shared/api/pagerduty-back-channel-api-schemas';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { call } from '../../../lib/api-call';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { preferencesKeys } from '../api/preferences-keys';

const queryKey = (workspaceId: string) =>
  [...preferencesKeys.all, 'pagerduty-back-channel', workspaceId] as const;

export const PAGERDUTY_BACK_CHANNEL_HELP =
  'An incident acknowledged in PagerDuty acknowledges its alert here (no more alerts for that expiry). A resolved one has a monitored certificate’s endpoints checked at once; for anything else PagerDuty gives no new date, so it is acknowledged too: enter the new expiry here once renewed.';

export const PAGERDUTY_SETUP_STEPS =
  'In PagerDuty, add a Generic Webhook (v3) subscription to the service of this routing key, with this URL and the events incident.acknowledged and incident.resolved. PagerDuty then shows the subscription’s signing secret once: paste it below.';

function WebhookSecretRow({
  webhook,
  saving,
  onSave,
}: {
  webhook: PagerDutyBackChannel['webhooks'][number];
  saving: boolean;
  onSave: (secret: string | null) => Promise<boolean>;
}) {
  const [secret, setSecret] = useState('');
  const fieldId = `pagerduty-secret-${webhook.name}`;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h3">
          {webhook.name}
        </Typography>
        <Chip
          size="small"
          color={webhook.connected ? 'success' : 'default'}
          label={webhook.connected ? 'Connected' : 'Not connected'}
        />
      </Stack>
      {webhook.connected && webhook.connected_at && (
        <Typography variant="body2" color="textSecondary">
          Secret stored {new Date(webhook.connected_at).toLocaleString()}
          {webhook.connected_by ? ` by ${webhook.connected_by}` : ''}.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          id={fieldId}
          label={webhook.connected ? 'New signing secret' : 'Signing secret from PagerDuty'}
          type="password"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          autoComplete="off"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Button
          variant="contained"
          disabled={saving || secret.trim() === ''}
          onClick={() => void onSave(secret).then((saved) => saved && setSecret(''))}
          aria-label={`Save the signing secret of ${webhook.name}`}
        >
          Save secret
        </Button>
        {webhook.connected && (
          <Button
            color="warning"
            disabled={saving}
            onClick={() => void onSave(null)}
            aria-label={`Disconnect ${webhook.name}`}
          >
            Disconnect
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * PagerDuty's back-channel (editors, shown when the workspace has a PagerDuty webhook): the URL
 * to give PagerDuty's V3 webhook subscription and, per PagerDuty webhook, its signing secret
 * (stored sealed, never shown again).
 */
export function PagerDutyBackChannelSection({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const backChannel = useQuery({
    queryKey: queryKey(workspaceId),
    queryFn: () => call('getPagerDutyBackChannel', { params: { id: workspaceId } }),
  });
  const save = useMutation({
    mutationFn: (body: PagerDutyBackChannelBody) =>
      call('putPagerDutyBackChannel', { params: { id: workspaceId }, body }, { silent: true }),
    onSuccess: (stored) => queryClient.setQueryData(queryKey(workspaceId), stored),
  });
  const [copied, setCopied] = useState(false);

  const saveSecret = async (webhookName: string, secret: string | null): Promise<boolean> => {
    try {
      await save.mutateAsync({ webhook_name: webhookName, secret });
      showSuccessToast(
        secret === null
          ? `${webhookName} is disconnected from PagerDuty's acknowledge and resolve.`
          : `${webhookName}: PagerDuty's acknowledge and resolve now act on its alerts.`,
      );
      return true;
    } catch (error) {
      showErrorToast(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'The secret could not be saved. Try again.',
      );
      return false;
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      showErrorToast('Could not copy to the clipboard. Select the address and copy it by hand.');
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pagerduty-back-channel-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="pagerduty-back-channel-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        PagerDuty acknowledge and resolve
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
        {PAGERDUTY_BACK_CHANNEL_HELP}
      </Typography>
      {backChannel.isPending ? (
        <Spinner minHeight={120} />
      ) : backChannel.isError ? (
        <LoadErrorAlert onRetry={backChannel.refetch}>
          The PagerDuty settings could not be loaded.
        </LoadErrorAlert>
      ) : (
        <Stack spacing={2.5}>
          <Alert severity="info">{PAGERDUTY_SETUP_STEPS}</Alert>
          <TextField
            label="Webhook URL for PagerDuty"
            value={backChannel.data.url}
            helperText={copied ? 'Copied to the clipboard.' : undefined}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy URL">
                      <IconButton
                        aria-label="Copy URL"
                        edge="end"
                        onClick={() => void copy(backChannel.data.url)}
                      >
                        <ContentCopy />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          {backChannel.data.webhooks.map((webhook) => (
            <WebhookSecretRow
              key={webhook.name}
              webhook={webhook}
              saving={save.isPending}
              onSave={(secret) => saveSecret(webhook.name, secret)}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
