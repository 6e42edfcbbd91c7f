import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AlertActionLinkAnswer } from '@expiry-radar/shared/api/alert-action-api-schemas';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { formatDateText, localIsoDate } from '../../lib/date-format';
import { queryParams } from '../../lib/paths';
import {
  alertActionOutcomeText,
  alertActionRefusalText,
  alertActionText,
} from './alert-action-text';
import { useAlertActionLinkQuery, useTakeAlertActionMutation } from './api/alert-action-api';

function tomorrow(): string {
  return localIsoDate(new Date(Date.now() + 86_400_000));
}

/** The question the page asks before its button acts. */
function questionOf(link: AlertActionLinkAnswer): string {
  const name = `${link.token.name} (${link.workspace.name})`;
  const expiry = formatDateText(link.token.expires_at, 'day');
  if (link.action === 'acknowledge') {
    return `Acknowledge the alerts of ${name}? No more alerts go to anyone for its expiry on ${expiry}; a new expiry starts them again.`;
  }
  if (link.action === 'snooze') {
    return `Snooze the alerts of ${name}? No alerts go to anyone until the date you pick (at the latest its expiry on ${expiry}).`;
  }
  return link.token.monitored
    ? `Renewed ${name}? Its endpoints are checked now: once they serve the renewed certificate, its new expiry is taken and the alerts follow it.`
    : `Renewed ${name}? Give its new expiry date: the alerts for ${expiry} stop and start again for the new date.`;
}

function buttonLabelOf(link: AlertActionLinkAnswer): string {
  if (link.action === 'acknowledge') return 'Acknowledge';
  if (link.action === 'snooze') return 'Snooze';
  return link.token.monitored ? 'Check the endpoint now' : 'Record the renewal';
}

function ActionForm({ link, token }: { link: AlertActionLinkAnswer; token: string }) {
  const take = useTakeAlertActionMutation(token);
  const [until, setUntil] = useState(link.suggested_until ?? '');
  const [expiresAt, setExpiresAt] = useState('');
  const needsRenewalDate = link.action === 'renewed' && !link.token.monitored;

  if (take.data) {
    return (
      <Alert severity="success" role="status">
        {alertActionOutcomeText(take.data)}
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        take.mutate(
          link.action === 'snooze' ? { until } : needsRenewalDate ? { expires_at: expiresAt } : {},
        );
      }}
    >
      <Typography sx={{ mb: 2 }}>{questionOf(link)}</Typography>
      {link.current && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Now: {alertActionText(link.current)}.
        </Typography>
      )}
      {link.action === 'snooze' && (
        <TextField
          id="alert-action-until"
          label="Snooze until"
          type="date"
          required
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          helperText={`Up to ${formatDateText(link.latest_until, 'day')}, the expiry.`}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: tomorrow(), max: link.latest_until },
          }}
          sx={{ mb: 2, display: 'flex', maxWidth: 320 }}
        />
      )}
      {needsRenewalDate && (
        <TextField
          id="alert-action-expires-at"
          label="New expiry date"
          type="date"
          required
          value={expiresAt}
          onChange={(event) => setExpiresAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow() } }}
          sx={{ mb: 2, display: 'flex', maxWidth: 320 }}
        />
      )}
      {take.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {alertActionRefusalText(take.error)}
        </Alert>
      )}
      <Button type="submit" variant="contained" loading={take.isPending}>
        {buttonLabelOf(link)}
      </Button>
    </Box>
  );
}

/**
 * /alert-action?token=…: where an alert's action link (acknowledge, snooze, renewed; from an
 * email or a Teams card) leads. It says what the link would do and acts only on its button (a
 * link scanner's visit changes nothing). Public: the signed link is the proof, no sign-in needed.
 */
export function AlertActionPage() {
  const [search] = useSearchParams();
  const token = search.get(queryParams.token) ?? '';
  const link = useAlertActionLinkQuery(token);

  return (
    <PageFrame
      title="Alert action"
      documentTitle="Alert action"
      description="Acknowledge, snooze or mark renewed the token an expiry alert is about."
    >
      <Box sx={{ maxWidth: 640 }}>
        {!token ? (
          <Alert severity="error">
            This link has no action token. Use the links of a recent alert.
          </Alert>
        ) : link.isPending ? (
          <Spinner minHeight={120} />
        ) : link.isError ? (
          <Alert severity="error">{alertActionRefusalText(link.error)}</Alert>
        ) : (
          <ActionForm link={link.data} token={token} />
        )}
      </Box>
    </PageFrame>
  );
}
