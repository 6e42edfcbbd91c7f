import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PLANS, PLAN_LABELS, PLAN_LIMITS, formatLimit } from '@expiry-radar/shared/domain/plans';
import type { PlanLimits } from '@expiry-radar/shared/domain/plans';
import { DocsArticle, DocsSection, P } from './components/docs-article';

const rows: { label: string; value: (limits: PlanLimits) => string }[] = [
  { label: 'Workspaces owned', value: (l) => formatLimit(l.workspacesOwned) },
  { label: 'Tokens per workspace', value: (l) => formatLimit(l.tokensPerWorkspace) },
  { label: 'Members per workspace', value: (l) => formatLimit(l.membersPerWorkspace) },
  { label: 'Webhooks per workspace', value: (l) => formatLimit(l.webhooksPerWorkspace) },
  { label: 'Alert deliveries a month', value: (l) => formatLimit(l.alertDeliveriesPerMonth) },
  { label: 'Contact groups', value: (l) => (l.contactGroups ? 'Yes' : 'No') },
];

/** /docs/usage. */
export function DocsUsagePage() {
  return (
    <DocsArticle
      title="Usage and limits"
      lead="The Usage page shows what your workspaces use against the limits of your plan. It is available to admins and workspace managers."
    >
      <DocsSection title="What is counted">
        <P>
          Workspaces you own, and for each: tokens, members (invitations included) and webhooks.
          Alert deliveries are counted per calendar month across your workspaces. Frozen workspaces
          are listed and marked.
        </P>
        <P>
          When a limit is reached, creating more is refused with a message asking you to upgrade;
          existing data is never removed.
        </P>
      </DocsSection>
      <DocsSection title="Limits per plan">
        {/* Five columns on a phone: narrower cell padding, so the table fits. */}
        <Box sx={{ overflowX: 'auto', '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
          <Table size="small" aria-label="Limits per plan">
            <TableHead>
              <TableRow>
                <TableCell />
                {PLANS.map((plan) => (
                  <TableCell key={plan}>{PLAN_LABELS[plan]}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  {PLANS.map((plan) => (
                    <TableCell key={plan}>{row.value(PLAN_LIMITS[plan])}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </DocsSection>
    </DocsArticle>
  );
}
