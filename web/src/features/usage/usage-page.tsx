import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { OrganizationUsage } from '@expiry-radar/shared/api/billing-api-schemas';
import { canSeeUsage } from '@expiry-radar/shared/domain/permissions';
import { PLAN_LABELS, formatLimit, type Limit } from '@expiry-radar/shared/domain/plans';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { DateText } from '../../components/date-text';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { organizationUsageQueryOptions } from '../plan';
import { useSession } from '../session';
import { useWorkspaceSelection } from '../workspaces';

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** "12 / 50", or "12" with no limit. */
function ofLimit(value: number, limit: Limit): string {
  return limit === null ? count(value) : `${count(value)} / ${formatLimit(limit)}`;
}

function UsageFigure({ label, value, limit }: { label: string; value: number; limit?: Limit }) {
  const bounded = limit !== undefined && limit !== null && limit > 0;
  const percent = bounded ? Math.min(100, Math.round((value / limit) * 100)) : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 200px', minWidth: 0 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.625rem', fontWeight: 600 }}>
        {limit === undefined ? count(value) : ofLimit(value, limit)}
      </Typography>
      {bounded && (
        <LinearProgress
          variant="determinate"
          value={percent}
          color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
          aria-label={`${label}: ${percent}% of the plan's limit`}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      )}
    </Paper>
  );
}

function UsageReport({ usage }: { usage: OrganizationUsage }) {
  const { limits } = usage;
  return (
    <Stack spacing={3}>
      <Typography color="textSecondary">
        Plan: <strong>{PLAN_LABELS[usage.plan]}</strong> ·{' '}
        <DateText value={usage.usage.month} kind="month" /> (UTC)
      </Typography>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        <UsageFigure
          label="Alert deliveries this month"
          value={usage.usage.alertDeliveriesThisMonth}
          limit={limits.alertDeliveriesPerMonth}
        />
        <UsageFigure
          label="Workspaces owned"
          value={usage.usage.workspacesOwned}
          limit={limits.workspacesOwned}
        />
        <UsageFigure label="Tokens" value={usage.usage.tokens} />
        <UsageFigure label="Members" value={usage.usage.members} />
      </Stack>
      <Paper variant="outlined" component="section" aria-labelledby="usage-workspaces">
        <Typography id="usage-workspaces" variant="h2" sx={{ fontSize: '1.25rem', p: 2, pb: 1 }}>
          Per workspace
        </Typography>
        {usage.workspaces.length === 0 ? (
          <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
            You own no workspaces.
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="usage-workspaces" sx={{ minWidth: 520 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Workspace</TableCell>
                  <TableCell align="right">Tokens</TableCell>
                  <TableCell align="right">Members</TableCell>
                  <TableCell align="right">Webhooks</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {usage.workspaces.map((workspace) => (
                  <TableRow key={workspace.id}>
                    <TableCell>
                      {workspace.name}
                      {workspace.is_frozen && (
                        <Chip size="small" label="Frozen" color="warning" sx={{ ml: 1 }} />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {ofLimit(workspace.tokens, limits.tokensPerWorkspace)}
                    </TableCell>
                    <TableCell align="right">
                      {ofLimit(workspace.members, limits.membersPerWorkspace)}
                    </TableCell>
                    <TableCell align="right">
                      {ofLimit(workspace.webhooks, limits.webhooksPerWorkspace)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Stack>
  );
}

function UsageContent() {
  const query = useQuery(organizationUsageQueryOptions());
  if (query.isPending) return <Spinner minHeight={240} />;
  if (query.isError) {
    return <LoadErrorAlert onRetry={query.refetch}>Usage could not be loaded.</LoadErrorAlert>;
  }
  return <UsageReport usage={query.data} />;
}

/** /usage: admins and workspace managers; cached 15 s. */
export function UsagePage() {
  const session = useSession();
  const selection = useWorkspaceSelection({ enabled: session.isLoggedIn });
  const allowed = canSeeUsage(selection.selected?.role);
  return (
    <PageFrame
      title="Usage"
      description="What your workspaces use against the limits of your plan: workspaces, tokens, members, webhooks and alert deliveries this month."
    >
      {selection.isLoading ? (
        <Spinner minHeight={240} />
      ) : allowed ? (
        <UsageContent />
      ) : (
        <Alert severity="info">Usage is shown to admins and workspace managers.</Alert>
      )}
    </PageFrame>
  );
}
