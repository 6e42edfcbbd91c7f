import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { OrganizationUsage } from '@expiry-radar/shared/api/billing-api-schemas';
import { canSeeUsage } from '@expiry-radar/shared/domain/permissions';
import { countText } from '@expiry-radar/shared/domain/count-text';
import { PLAN_LABELS, usageText, type Limit } from '@expiry-radar/shared/domain/plans';
import { CellText, oneLineTableSx } from '../../components/cell-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { DateText } from '../../components/date-text';
import { RecordCard, RecordCardList } from '../../components/record-cards';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { organizationUsageQueryOptions } from '../plan';
import { useSession } from '../session';
import { useWorkspaceSelection } from '../workspaces';
import { usageLevel, usagePercent } from './usage-level';

/** What the seats figure counts, and how many of them SCIM provisioned. */
export function seatsNote(seats: number, provisioned: number): string {
  const people = `${countText(seats)} ${seats === 1 ? 'person holds' : 'people hold'}`;
  const scim =
    provisioned > 0
      ? ` ${countText(provisioned)} of them provisioned by your identity provider.`
      : '';
  return `Seats: ${people} a place in your workspaces (members and pending invitations, each person once; each place counts against the workspace's member limit).${scim}`;
}

/** Neutral until 80 % of the limit, the warning colour from 80 %, red only at the limit. */
const BAR_COLORS = { normal: 'inherit', high: 'warning', full: 'error' } as const;

function UsageFigure({ label, value, limit }: { label: string; value: number; limit?: Limit }) {
  const bounded = limit !== undefined && limit !== null && limit > 0;
  const percent = bounded ? usagePercent(value, limit) : 0;
  const level = bounded ? usageLevel(value, limit) : 'normal';
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 200px', minWidth: 0 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.625rem', fontWeight: 600 }}>
        {limit === undefined ? countText(value) : usageText(value, limit)}
      </Typography>
      {bounded && (
        <LinearProgress
          variant="determinate"
          value={percent}
          color={BAR_COLORS[level]}
          aria-label={`${label}: ${percent}% of the plan's limit`}
          data-level={level}
          // Neutral: the bar in the secondary text colour, its track a light shade of it.
          sx={{ mt: 1, height: 6, borderRadius: 3, color: 'text.secondary' }}
        />
      )}
    </Paper>
  );
}

/** Below this width the per-workspace columns do not fit: one card per workspace. */
const USAGE_TABLE_BREAKPOINT = 'sm';

function UsageReport({ usage }: { usage: OrganizationUsage }) {
  const { limits } = usage;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(USAGE_TABLE_BREAKPOINT), { noSsr: true });
  const frozen = <Chip size="small" label="Frozen" color="warning" />;
  return (
    <Stack spacing={3}>
      <Typography color="textSecondary">
        Plan: <strong>{PLAN_LABELS[usage.plan]}</strong> ·{' '}
        <DateText value={usage.usage.month} kind="month" /> (UTC)
      </Typography>
      <Stack component="section" aria-labelledby="usage-account" spacing={1}>
        <Typography id="usage-account" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Per account
        </Typography>
        <Typography color="textSecondary" variant="body2">
          Counted for your account: the totals of every workspace you own.
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
          <UsageFigure label="Seats" value={usage.usage.seats} />
        </Stack>
        <Typography color="textSecondary" variant="body2">
          {seatsNote(usage.usage.seats, usage.usage.provisionedSeats)}
        </Typography>
      </Stack>
      <Paper variant="outlined" component="section" aria-labelledby="usage-workspaces">
        <Typography id="usage-workspaces" variant="h2" sx={{ fontSize: '1.25rem', p: 2, pb: 1 }}>
          Per workspace
        </Typography>
        <Typography color="textSecondary" variant="body2" sx={{ px: 2, pb: 1 }}>
          Counted for each workspace you own, against the plan's limit per workspace.
        </Typography>
        {usage.workspaces.length === 0 ? (
          <Typography color="textSecondary" sx={{ px: 2, pb: 2 }}>
            You own no workspaces.
          </Typography>
        ) : narrow ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <RecordCardList aria-labelledby="usage-workspaces">
              {usage.workspaces.map((workspace) => (
                <RecordCard
                  key={workspace.id}
                  title={workspace.name}
                  badge={workspace.is_frozen && frozen}
                  details={[
                    ['Tokens', usageText(workspace.tokens, limits.tokensPerWorkspace)],
                    ['Members', usageText(workspace.members, limits.membersPerWorkspace)],
                    ['Webhooks', usageText(workspace.webhooks, limits.webhooksPerWorkspace)],
                  ]}
                />
              ))}
            </RecordCardList>
          </Box>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="usage-workspaces" sx={oneLineTableSx}>
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
                    <TableCell component="th" scope="row">
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <CellText text={workspace.name} minWidth="8rem" />
                        {workspace.is_frozen && frozen}
                      </Box>
                    </TableCell>
                    <TableCell align="right">
                      {usageText(workspace.tokens, limits.tokensPerWorkspace)}
                    </TableCell>
                    <TableCell align="right">
                      {usageText(workspace.members, limits.membersPerWorkspace)}
                    </TableCell>
                    <TableCell align="right">
                      {usageText(workspace.webhooks, limits.webhooksPerWorkspace)}
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
  return (
    <Stack spacing={3}>
      <UsageReport usage={query.data} />
      <Typography variant="body2">
        Verified domains and single sign-on for your organization:{' '}
        <Link component={RouterLink} to={paths.organizationSignIn}>
          Single sign-on settings
        </Link>
      </Typography>
    </Stack>
  );
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
