import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { clientErrorMessage } from '@expiry-radar/shared/errors/client-error-message';
import { canManageAlertSettings } from '@expiry-radar/shared/domain/permissions';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { AlertQueuePanel } from '../alerts';
import { useSession } from '../session';
import { useWorkspaceSelection } from '../workspaces';
import { alertSettingsQueryOptions } from '../../lib/alert-settings-query';
import { AlertsDisabledNotice } from './alerts-disabled-notice';
import { AlertSettingsForm } from './components/alert-settings-form';
import { SlackAppPanel } from './components/slack-app-panel';
import { PagerDutyBackChannelSection } from './components/pagerduty-back-channel-section';

function loadFailure(error: unknown): string {
  const api = error instanceof ApiError ? error : null;
  return clientErrorMessage({
    status: api?.status,
    serverMessage: api?.serverMessage,
    noResponse: api?.noResponse,
    path: window.location.pathname,
  }).message;
}

function WorkspacePreferences({ workspace }: { workspace: Workspace }) {
  const settings = useQuery(alertSettingsQueryOptions(workspace.id));
  return (
    <Stack spacing={3}>
      {settings.isPending ? (
        <Spinner minHeight={240} />
      ) : settings.isError ? (
        <LoadErrorAlert onRetry={settings.refetch}>
          The alert settings could not be loaded. {loadFailure(settings.error)}
        </LoadErrorAlert>
      ) : (
        <>
          <AlertsDisabledNotice workspaceId={workspace.id} showLink={false} />
          <AlertSettingsForm workspace={workspace} settings={settings.data} />
          <SlackAppPanel workspace={workspace} />
          {canManageAlertSettings(workspace.role) &&
            settings.data.webhook_urls.some((webhook) => webhook.kind === 'pagerduty') && (
              <PagerDutyBackChannelSection workspaceId={workspace.id} />
            )}
        </>
      )}
      <AlertQueuePanel
        workspaceId={workspace.id}
        canManage={canManageAlertSettings(workspace.role)}
      />
    </Stack>
  );
}

/** /preferences: the selected workspace's alert settings and alert queue. */
export function PreferencesPage() {
  const session = useSession();
  const selection = useWorkspaceSelection({ enabled: session.isLoggedIn });
  const workspace = selection.selected;
  return (
    <PageFrame
      title="Alert preferences"
      description={
        workspace
          ? `How the workspace “${workspace.name}” is alerted: email alerts, webhooks (Slack, Teams, Discord, PagerDuty or generic) and contact groups.`
          : 'How the selected workspace is alerted: email alerts, webhooks (Slack, Teams, Discord, PagerDuty or generic) and contact groups.'
      }
    >
      {selection.isLoading ? (
        <Spinner minHeight={240} />
      ) : workspace ? (
        <WorkspacePreferences key={workspace.id} workspace={workspace} />
      ) : (
        <Alert severity="info">
          You have no active workspace yet.{' '}
          <Link component={RouterLink} to={paths.workspaces}>
            Create a workspace
          </Link>{' '}
          to set up its alerts.
        </Alert>
      )}
    </PageFrame>
  );
}
