import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  SLACK_INSTALL_OUTCOMES,
  SLACK_INSTALL_OUTCOME_TEXT,
  type SlackInstallOutcome,
  type SlackInstallationView,
} from '@expiry-radar/shared/api/slack-app-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateText } from '../../../components/date-text';
import {
  slackInstallationQueryOptions,
  useRemoveSlackInstallationMutation,
  useStartSlackInstallationMutation,
} from '../api/slack-installation';

const HEADING_ID = 'slack-app-heading';

function outcomeOf(value: string | null): SlackInstallOutcome | null {
  return SLACK_INSTALL_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

function Status({ view }: { view: SlackInstallationView }) {
  const installation = view.installation;
  if (!view.available) {
    return (
      <Typography variant="body2">
        This deployment has no Slack app configured: its operator sets the Slack client id and
        secrets first. Slack webhooks above keep working.
      </Typography>
    );
  }
  if (!view.plan_allows) {
    return (
      <Alert severity="info">
        Your plan does not include the Slack app: upgrade to Pro to get alerts and their actions in
        Slack.
      </Alert>
    );
  }
  if (!installation) {
    return (
      <Typography variant="body2">
        Alerts go to a Slack channel you choose. Expiry alerts carry Acknowledge, Snooze 1 day,
        Snooze 7 days and Renewed buttons for the members of this workspace; endpoint problems carry
        Check endpoint now.
      </Typography>
    );
  }
  if (installation.status === 'revoked') {
    return (
      <Alert severity="warning">
        Slack revoked the app&apos;s access to {installation.team_name} (
        {installation.revoked_reason ?? 'token_revoked'}
        {installation.revoked_at ? (
          <>
            , <DateText value={installation.revoked_at} kind="dateTime" />
          </>
        ) : null}
        ): alerts go by email instead until an admin adds it to Slack again or removes it.
      </Alert>
    );
  }
  return (
    <Typography variant="body2">
      Alerts go to <strong>#{installation.channel_name}</strong> in {installation.team_name},
      installed by {installation.installed_by} on{' '}
      <DateText value={installation.installed_at} kind="day" />.
    </Typography>
  );
}

/** The Alerts page's Slack app: "Add to Slack", where alerts go, a revoked installation. */
export function SlackAppPanel({ workspace }: { workspace: Workspace }) {
  const query = useQuery(slackInstallationQueryOptions(workspace.id));
  const start = useStartSlackInstallationMutation(workspace.id);
  const remove = useRemoveSlackInstallationMutation(workspace.id);
  const [confirming, setConfirming] = useState(false);
  const [searchParams] = useSearchParams();
  const outcome = outcomeOf(searchParams.get('slack'));
  const isAdmin = workspace.role === 'admin';
  const view = query.data;
  const canInstall = isAdmin && view?.available === true && view.plan_allows;
  // Quiet on failure, like the other readers of the page's optional parts.
  if (query.isError) return null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={HEADING_ID}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={HEADING_ID} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        Slack app
      </Typography>
      <Stack spacing={1.5}>
        {outcome && (
          <Alert severity={outcome === 'installed' ? 'success' : 'warning'}>
            {SLACK_INSTALL_OUTCOME_TEXT[outcome]}
          </Alert>
        )}
        {view && <Status view={view} />}
        {canInstall && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant={view.installation ? 'outlined' : 'contained'}
              disabled={start.isPending}
              onClick={() => start.mutate()}
            >
              {view.installation ? 'Add to Slack again (another channel)' : 'Add to Slack'}
            </Button>
            {view.installation && (
              <Button color="error" onClick={() => setConfirming(true)}>
                Remove the Slack app
              </Button>
            )}
          </Box>
        )}
        {view?.installation && !isAdmin && (
          <Typography variant="body2" color="textSecondary">
            Only admins add or remove the Slack app.
          </Typography>
        )}
      </Stack>
      {confirming && (
        <ConfirmDialog
          id="remove-slack-app"
          title="Remove the Slack app?"
          confirmLabel="Remove"
          busyLabel="Removing…"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync();
            setConfirming(false);
          }}
        >
          <Typography id="remove-slack-app-description">
            Alerts stop going to Slack; messages already posted stay, and their buttons stop
            working.
          </Typography>
        </ConfirmDialog>
      )}
    </Paper>
  );
}
