import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INTEGRATION_KIND_LABELS,
  type Integration,
  type ListIntegrationsResponse,
  type SyncReport,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { canManageIntegrations } from '@expiry-radar/shared/domain/permissions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateText } from '../../components/date-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { showSuccessToast } from '../../lib/toasts';
import { dispatchTokensUpdated } from '../../lib/tokens-updated';
import { useSession } from '../session';
import { useWorkspaceSelection } from '../workspaces';
import {
  useDeleteIntegration,
  useIntegrations,
  useSyncIntegration,
  useUpdateIntegration,
} from './api/integrations';
import { IntegrationDialog } from './components/integration-dialog';
import { SyncReportPanel } from './components/sync-report-panel';

export const INTEGRATIONS_MESSAGES = {
  notAllowed: 'Integrations are managed by admins and workspace managers.',
  atLimit: (limit: number) =>
    `Your plan allows ${limit} integration${limit === 1 ? '' : 's'} per workspace. Remove one or upgrade your plan to add another.`,
  deleted: (name: string) => `${name} removed. The tokens it found stay.`,
  enabled: (name: string) => `${name} enabled and synced.`,
  enabledSyncing: (name: string) => `${name} enabled; its first sync goes on in the background.`,
  syncing:
    'Syncing in the background: this source is too large to read at once. The result shows here when it ends.',
  previewFailed: (reason: string) =>
    `Preview failed: ${reason} Check the settings and credentials, then preview again.`,
  enableAfterPreview: 'Enable and sync is off until a preview succeeds.',
  pausedLabel: "Paused (over your plan's limit)",
  pausedHelp:
    "Your workspace's plan allows fewer integrations than it has: the oldest ones sync. Delete one of them or upgrade to sync this one again.",
} as const;

/** A "Sync now" that goes on in the background (its outcome arrives as the last sync). */
function isRunning(report: SyncReport): boolean {
  return 'state' in report && report.state === 'running';
}

/**
 * Every token list reloads when a background sync of the integration ends (the polled list shows
 * it no longer syncing).
 */
function useSyncEnd(workspaceId: string, integration: Integration): void {
  const wasSyncing = useRef(integration.syncing_since !== null);
  useEffect(() => {
    const syncing = integration.syncing_since !== null;
    if (wasSyncing.current && !syncing) dispatchTokensUpdated({ workspaceId });
    wasSyncing.current = syncing;
  }, [workspaceId, integration.syncing_since]);
}

/** Why a preview failed: the call's refusal, or what the preview could not read. */
export function previewFailure(report: SyncReport | undefined): string | null {
  if (!report?.dry_run || report.errors.length === 0) return null;
  return report.errors.join(' ');
}

/** "2 of 5 integrations", or "2 integrations" without a limit. */
export function limitText(count: number, limit: number | null): string {
  const noun = (n: number) => `integration${n === 1 ? '' : 's'}`;
  return limit === null ? `${count} ${noun(count)}` : `${count} of ${limit} ${noun(limit)}`;
}

function settingsSummary(integration: Integration): string {
  const settings = integration.settings;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  switch (integration.kind) {
    case 'gitlab': {
      const scopes = [...list(settings.project_ids), ...list(settings.group_ids)];
      return `${String(settings.base_url)}${scopes.length ? ` · ${scopes.join(', ')}` : ''}`;
    }
    case 'vault':
      return String(settings.address);
    case 'aws':
      return `${String(settings.role_arn)} · ${list(settings.regions).join(', ')}`;
    case 'gcp':
      return `Projects ${list(settings.project_ids).join(', ')}`;
    case 'azure': {
      const vaults = [...list(settings.vault_urls), ...list(settings.subscription_ids)];
      return `Tenant ${String(settings.tenant_id)}${settings.app_registrations === false ? '' : ' · app registrations'}${vaults.length ? ` · ${vaults.join(', ')}` : ''}`;
    }
    case 'github': {
      const repositories = list(settings.repositories);
      return `${String(settings.api_url)} · ${String(settings.organization)}${repositories.length ? ` · ${repositories.join(', ')}` : ''}`;
    }
  }
}

/** The integration's rules in a line, or null when it keeps everything and only marks removals. */
export function rulesSummary(integration: Integration): string | null {
  const { include, exclude, removed, delete_after_days: days } = integration.rules;
  const parts = [
    ...(include.length > 0 ? [`include ${include.join(', ')}`] : []),
    ...(exclude.length > 0 ? [`exclude ${exclude.join(', ')}`] : []),
    ...(removed === 'delete'
      ? [`tokens removed at source are deleted after ${days} day${days === 1 ? '' : 's'}`]
      : []),
  ];
  return parts.length > 0 ? `Rules: ${parts.join('; ')}.` : null;
}

function LastSyncText({ integration }: { integration: Integration }) {
  const last = integration.last_sync;
  if (!last) {
    return (
      <Typography variant="body2" color="textSecondary">
        Never synced.
      </Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2">
        Last sync <DateText value={last.at} kind="dateTime" />: {last.created} created,{' '}
        {last.updated} updated, {last.removed} removed
        {last.deleted ? `, ${last.deleted} deleted` : ''}
        {last.errors.length > 0
          ? `, ${last.errors.length} error${last.errors.length === 1 ? '' : 's'}`
          : ''}
        .
      </Typography>
      {last.errors.map((error) => (
        <Typography key={error} variant="body2" color="error">
          {error}
        </Typography>
      ))}
    </Box>
  );
}

interface IntegrationCardProps {
  workspaceId: string;
  integration: Integration;
  report: SyncReport | undefined;
  /** A preview whose call failed, in words (its report, when it answered, says so itself). */
  failure: string | undefined;
  onReport: (report: SyncReport) => void;
  /** "Sync now" went on in the background: a report shown before is out of date. */
  onRunning: () => void;
  onFailure: (error: unknown) => void;
  onEdit: () => void;
  onDelete: () => void;
  readOnly: boolean;
}

function IntegrationCard({
  workspaceId,
  integration,
  report,
  failure,
  onReport,
  onRunning,
  onFailure,
  onEdit,
  onDelete,
  readOnly,
}: IntegrationCardProps) {
  const sync = useSyncIntegration(workspaceId);
  const update = useUpdateIntegration(workspaceId);
  useSyncEnd(workspaceId, integration);
  const syncing = integration.syncing_since !== null;
  const busy = sync.isPending || update.isPending;
  const shown = (report: SyncReport) => (isRunning(report) ? onRunning() : onReport(report));
  const titleId = `integration-${integration.id}-title`;

  // A failed call has shown its toast already (the calls are not silent); a failed preview
  // also stays on the card, and keeps "Enable and sync" off.
  const run = (preview: boolean) =>
    sync
      .mutateAsync({ iid: integration.id, preview })
      .then(shown)
      .catch((error: unknown) => {
        if (preview) onFailure(error);
      });
  const previewFailed = failure !== undefined || previewFailure(report) !== null;
  const enableReasonId = `integration-${integration.id}-enable-reason`;
  const pausedReasonId = `integration-${integration.id}-paused-reason`;
  const syncOff = busy || syncing || integration.paused;
  const syncReasonId = integration.paused ? pausedReasonId : undefined;
  const enableAndSync = async () => {
    try {
      await update.mutateAsync({ iid: integration.id, body: { enabled: true }, silent: false });
      const report = await sync.mutateAsync({ iid: integration.id, preview: false });
      shown(report);
      showSuccessToast(
        isRunning(report)
          ? INTEGRATIONS_MESSAGES.enabledSyncing(integration.name)
          : INTEGRATIONS_MESSAGES.enabled(integration.name),
      );
    } catch {
      // Reported by the call.
    }
  };

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ p: 2 }}
      data-testid="integration-card"
    >
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', flexGrow: 1 }}>
            {integration.name}
          </Typography>
          <Chip size="small" label={INTEGRATION_KIND_LABELS[integration.kind]} />
          <Chip size="small" label={integration.schedule === 'daily' ? 'Daily' : 'Manual'} />
          <Chip
            size="small"
            color={integration.enabled ? 'success' : 'default'}
            label={integration.enabled ? 'Enabled' : 'Disabled'}
          />
          {integration.paused && (
            <Chip size="small" color="warning" label={INTEGRATIONS_MESSAGES.pausedLabel} />
          )}
        </Box>
        {integration.paused && (
          <Typography id={pausedReasonId} variant="body2" color="textSecondary">
            {INTEGRATIONS_MESSAGES.pausedHelp}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {settingsSummary(integration)}
        </Typography>
        {rulesSummary(integration) && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {rulesSummary(integration)}
          </Typography>
        )}
        <LastSyncText integration={integration} />
        {syncing && (
          <Typography variant="body2" role="status">
            {INTEGRATIONS_MESSAGES.syncing}
          </Typography>
        )}
        {!readOnly && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {integration.enabled ? (
              <Button
                variant="contained"
                disabled={syncOff}
                aria-describedby={syncReasonId}
                onClick={() => void run(false)}
              >
                {sync.isPending || syncing ? 'Syncing…' : 'Sync now'}
              </Button>
            ) : (
              <>
                <Button
                  variant="outlined"
                  disabled={syncOff}
                  aria-describedby={syncReasonId}
                  onClick={() => void run(true)}
                >
                  Preview
                </Button>
                <Button
                  variant="contained"
                  disabled={syncOff || previewFailed}
                  aria-describedby={syncReasonId ?? (previewFailed ? enableReasonId : undefined)}
                  onClick={() => void enableAndSync()}
                >
                  Enable and sync
                </Button>
              </>
            )}
            <Button disabled={busy} onClick={onEdit}>
              Edit
            </Button>
            <Button color="error" disabled={busy} onClick={onDelete}>
              Delete
            </Button>
          </Stack>
        )}
        {failure !== undefined && (
          <Alert severity="error" role="status">
            {INTEGRATIONS_MESSAGES.previewFailed(failure)}
          </Alert>
        )}
        {previewFailed && !integration.enabled && !readOnly && (
          <Typography id={enableReasonId} variant="body2" color="textSecondary">
            {INTEGRATIONS_MESSAGES.enableAfterPreview}
          </Typography>
        )}
        {report && (
          <SyncReportPanel
            workspaceId={workspaceId}
            integrationId={integration.id}
            report={report}
          />
        )}
      </Stack>
    </Paper>
  );
}

function EmptyState() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        Find tokens instead of typing them in
      </Typography>
      <Typography color="textSecondary">
        An integration reads your GitLab access tokens, your HashiCorp Vault certificates and
        secrets, your AWS certificates, secrets and IAM access keys, your GitHub organization&apos;s
        fine-grained tokens, token requests and deploy keys, or your Azure Key Vault certificates,
        secrets and keys and Entra ID app registrations&apos; client secrets and certificates, or
        your Google Cloud Secret Manager secrets and service account keys, and keeps this
        workspace&apos;s tokens in step with them: new ones are added, renewals update their expiry,
        and tokens no longer found are marked &ldquo;removed at source&rdquo; (or deleted some days
        later, if its rules say so). Include and exclude rules choose what it keeps. Before the
        first sync you see what it would create. Tokens you typed in by hand are never duplicated:
        you may link them instead.
      </Typography>
    </Paper>
  );
}

type DialogState = { mode: 'add' } | { mode: 'edit'; integration: Integration } | null;

function IntegrationsContent({ workspaceId, frozen }: { workspaceId: string; frozen: boolean }) {
  const query = useIntegrations(workspaceId);
  const sync = useSyncIntegration(workspaceId);
  const remove = useDeleteIntegration(workspaceId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [reports, setReports] = useState<Readonly<Record<string, SyncReport>>>({});
  const [failures, setFailures] = useState<Readonly<Record<string, string>>>({});
  const setFailure = (iid: string, reason: string | undefined) =>
    setFailures((previous) => {
      const { [iid]: _dropped, ...rest } = previous;
      return reason === undefined ? rest : { ...rest, [iid]: reason };
    });
  const setReport = (iid: string, report: SyncReport) => {
    setReports((previous) => ({ ...previous, [iid]: report }));
    setFailure(iid, undefined);
  };
  const dropReport = (iid: string) =>
    setReports((previous) => {
      const { [iid]: _dropped, ...rest } = previous;
      return rest;
    });
  const previewFailedWith = (iid: string) => (error: unknown) =>
    setFailure(iid, error instanceof Error ? error.message : 'the preview was refused.');

  if (query.isPending) return <Spinner minHeight={240} />;
  if (query.isError) {
    return (
      <LoadErrorAlert onRetry={query.refetch}>Integrations could not be loaded.</LoadErrorAlert>
    );
  }
  const data: ListIntegrationsResponse = query.data;
  const atLimit = data.limit !== null && data.items.length >= data.limit;

  return (
    <Stack spacing={2}>
      {frozen && (
        <Alert severity="warning">This workspace is frozen: its integrations cannot change.</Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ flexGrow: 1 }}>{limitText(data.items.length, data.limit)}</Typography>
        <Button
          variant="contained"
          disabled={atLimit || frozen}
          aria-describedby={atLimit ? 'integration-limit-reason' : undefined}
          onClick={() => setDialog({ mode: 'add' })}
        >
          Add integration
        </Button>
      </Box>
      {atLimit && data.limit !== null && (
        <Typography id="integration-limit-reason" variant="body2" color="textSecondary">
          {INTEGRATIONS_MESSAGES.atLimit(data.limit)}
        </Typography>
      )}
      {data.items.length === 0 ? (
        <EmptyState />
      ) : (
        data.items.map((integration) => (
          <IntegrationCard
            key={integration.id}
            workspaceId={workspaceId}
            integration={integration}
            report={reports[integration.id]}
            failure={failures[integration.id]}
            onReport={(report) => setReport(integration.id, report)}
            onRunning={() => dropReport(integration.id)}
            onFailure={previewFailedWith(integration.id)}
            onEdit={() => setDialog({ mode: 'edit', integration })}
            onDelete={() => setDeleting(integration)}
            readOnly={frozen}
          />
        ))
      )}
      {dialog && (
        <IntegrationDialog
          workspaceId={workspaceId}
          integration={dialog.mode === 'edit' ? dialog.integration : undefined}
          awsExternalId={data.aws_external_id}
          awsTrustedAccountId={data.aws_trusted_account_id}
          gcpFederationSubject={data.gcp_federation_subject}
          lastReport={dialog.mode === 'edit' ? reports[dialog.integration.id] : undefined}
          onClose={() => setDialog(null)}
          onSaved={(integration, created) => {
            setDialog(null);
            showSuccessToast(created ? `${integration.name} added.` : `${integration.name} saved.`);
            // A new integration is disabled: what its first sync would do shows at once.
            if (created) {
              sync.mutate(
                { iid: integration.id, preview: true },
                {
                  onSuccess: (report) => setReport(integration.id, report),
                  onError: previewFailedWith(integration.id),
                },
              );
            }
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          id="delete-integration"
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete integration"
          busyLabel="Deleting…"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            showSuccessToast(INTEGRATIONS_MESSAGES.deleted(deleting.name));
            setDeleting(null);
          }}
        >
          <Typography id="delete-integration-description">
            Its credentials are deleted and it stops syncing. The tokens it found stay in the
            workspace as they were last synced.
          </Typography>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** /integrations: the selected workspace's discovery integrations (admins and workspace managers). */
export function IntegrationsPage() {
  const session = useSession();
  const selection = useWorkspaceSelection({ enabled: session.isLoggedIn });
  const workspace = selection.selected;
  const allowed = canManageIntegrations(workspace?.role);
  return (
    <PageFrame
      title="Integrations"
      description="Find this workspace's tokens in AWS, GitLab, HashiCorp Vault, GitHub, Azure and Google Cloud, and keep them in step with a daily sync."
    >
      {selection.isLoading ? (
        <Spinner minHeight={240} />
      ) : allowed && workspace ? (
        <IntegrationsContent workspaceId={workspace.id} frozen={workspace.is_frozen} />
      ) : (
        <Alert severity="info">{INTEGRATIONS_MESSAGES.notAllowed}</Alert>
      )}
    </PageFrame>
  );
}
