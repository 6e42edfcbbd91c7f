import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { AUDIT_DEFAULT_LIMIT } from '@expiry-radar/shared/constants/paging';
import { PLAN_LABELS, PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { planQueryOptions } from '../plan';
import { useSession } from '../session';
import { useWorkspaceSelection } from '../workspaces';
import { retentionText } from './audit-display';
import {
  availableScopes,
  effectiveScope,
  scopeDescription,
  scopeQueryOptions,
  type AuditScope,
} from './audit-scope';
import { AuditEventList } from './components/audit-event-list';
import { AuditEventTable } from './components/audit-event-table';
import { AuditExportPanel } from './components/audit-export-panel';
import { AuditScopePicker } from './components/audit-scope-picker';

const PAGE_SIZE = AUDIT_DEFAULT_LIMIT;

/** How long the scope's events are kept: a workspace's by its owner's plan, else the user's. */
function RetentionNote({ scope, workspace }: { scope: AuditScope; workspace: Workspace | null }) {
  const plan = useQuery({ ...planQueryOptions(), enabled: scope !== 'workspace' });
  const kept = (value: Plan) => retentionText(PLAN_LIMITS[value].auditRetentionDays);
  let text: string | null = null;
  if (scope === 'workspace' && workspace) {
    text = `Events are kept for ${kept(workspace.plan)} on this workspace's ${PLAN_LABELS[workspace.plan]} plan (its owner's plan); older ones are removed.`;
  } else if (plan.data) {
    text = `Events are kept for ${kept(plan.data.plan)} on your ${PLAN_LABELS[plan.data.plan]} plan; events in workspaces you do not own follow their owner's plan.`;
  }
  if (!text) return null;
  return (
    <Typography variant="body2" color="textSecondary">
      {text}
    </Typography>
  );
}

/** Whether two list keys differ only in their page (the last part). */
function sameSource(a: QueryKey, b: QueryKey): boolean {
  return JSON.stringify(a.slice(0, -1)) === JSON.stringify(b.slice(0, -1));
}

interface AuditEventsSectionProps {
  scope: AuditScope;
  workspace: Workspace | null;
  workspaces: readonly Workspace[];
  selfId: string | undefined;
}

/** One scope's events, 100 a page, newest first, with Newer and Older between pages. */
function AuditEventsSection({ scope, workspace, workspaces, selfId }: AuditEventsSectionProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const source = `${scope}:${scope === 'workspace' ? (workspace?.id ?? '') : ''}`;
  const [paging, setPaging] = useState({ source, page: 0 });
  // A new scope or workspace starts on its first page.
  const page = paging.source === source ? paging.page : 0;
  const goTo = (next: number) => setPaging({ source, page: next });
  const options = scopeQueryOptions(scope, workspace?.id ?? null, {
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const query = useQuery({
    ...options,
    // The previous page stays while the next loads; another scope's events never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameSource(previousQuery.queryKey, options.queryKey) ? previous : undefined,
  });

  let content;
  if (query.isPending) {
    content = <Spinner minHeight={200} />;
  } else if (query.isError && !query.data) {
    content = (
      <LoadErrorAlert onRetry={query.refetch}>Audit events could not be loaded.</LoadErrorAlert>
    );
  } else {
    const events = query.data.items;
    const first = page * PAGE_SIZE;
    content = (
      <Stack spacing={2}>
        {query.isError && (
          <LoadErrorAlert onRetry={query.refetch}>Audit events could not be loaded.</LoadErrorAlert>
        )}
        {events.length === 0 ? (
          <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
            {page === 0 ? 'No audit events yet.' : 'No older events.'}
          </Typography>
        ) : narrow ? (
          <AuditEventList
            events={events}
            workspaces={workspaces}
            selfId={selfId}
            labelledBy="audit-events-title"
          />
        ) : (
          <AuditEventTable
            events={events}
            workspaces={workspaces}
            selfId={selfId}
            labelledBy="audit-events-title"
          />
        )}
        {(page > 0 || events.length === PAGE_SIZE) && (
          <Box
            component="nav"
            aria-label="Audit event pages"
            sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'flex-end' }}
          >
            {events.length > 0 && !query.isPlaceholderData && (
              <Typography variant="body2" color="textSecondary" aria-live="polite">
                Events {first + 1}–{first + events.length}
              </Typography>
            )}
            <Button disabled={page === 0 || query.isFetching} onClick={() => goTo(page - 1)}>
              Newer
            </Button>
            <Button
              disabled={events.length < PAGE_SIZE || query.isFetching}
              onClick={() => goTo(page + 1)}
            >
              Older
            </Button>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="audit-events-title"
      aria-busy={query.isFetching}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="audit-events-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Events
      </Typography>
      {content}
    </Paper>
  );
}

function scopeText(scope: AuditScope, workspace: Workspace | null): string {
  if (scope === 'workspace') return `the workspace ${workspace?.name ?? ''}`.trim();
  return scope === 'own' ? 'your own activity' : 'the workspaces you own';
}

/**
 * /audit: who changed what and when. The scopes the user may read (the selected
 * workspace for its admin and workspace managers, their own activity, the workspaces they own),
 * the events 100 a page (cached 8 s) with details, the plan's retention, and export to
 * JSON or CSV since a date.
 */
export function AuditPage() {
  const session = useSession();
  const verified = session.isLoggedIn && !session.needsVerification;
  const selection = useWorkspaceSelection({ enabled: verified });
  const [chosen, setChosen] = useState<AuditScope | null>(null);
  const scopes = availableScopes(selection);
  const scope = effectiveScope(chosen, scopes);
  const workspace = scope === 'workspace' ? selection.selected : null;

  return (
    <PageFrame
      title="Audit log"
      description="Who changed what and when, in your workspaces and organization, with export to JSON or CSV."
    >
      {session.isLoading ? (
        <Spinner minHeight={240} />
      ) : !verified ? (
        <Alert severity="info">Verify your email address to see the audit log.</Alert>
      ) : selection.isLoading ? (
        <Spinner minHeight={240} />
      ) : (
        <Stack spacing={3}>
          <Stack spacing={1}>
            <AuditScopePicker
              scopes={scopes}
              value={scope}
              workspaceName={selection.selected?.name}
              onChange={setChosen}
            />
            <Typography variant="body2">{scopeDescription(scope, workspace)}</Typography>
            <RetentionNote scope={scope} workspace={workspace} />
          </Stack>
          <AuditEventsSection
            scope={scope}
            workspace={workspace}
            workspaces={selection.allWorkspaces}
            selfId={session.user?.id}
          />
          <AuditExportPanel
            scope={scope}
            workspaceId={workspace?.id ?? null}
            scopeText={scopeText(scope, workspace)}
          />
        </Stack>
      )}
    </PageFrame>
  );
}
