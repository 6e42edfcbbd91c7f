import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  DEFAULT_BILLING_PERIOD,
  isBillingPeriod,
  type BillingPeriod,
} from '@expiry-radar/shared/domain/plan-prices';
import {
  PLANS,
  PLAN_LABELS,
  PLAN_LIMITS,
  formatLimit,
  isPlan,
} from '@expiry-radar/shared/domain/plans';
import type { Plan, PlanLimits } from '@expiry-radar/shared/domain/plans';
import { BillingPeriodToggle } from '../../components/billing-period-toggle';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { PlanPrice, yearlySavingNote } from '../../components/plan-price';
import { billingUpgradePath, paths, queryParams, withRedirect } from '../../lib/paths';
import { planPricesQueryOptions } from '../plan';
import { useSession } from '../session';

const PLAN_BLURBS: Readonly<Record<Plan, string>> = {
  free: 'For one person keeping track of their own certificates, keys and renewals.',
  pro: 'For freelancers and small teams with a few workspaces and shared alerts.',
  team: 'For teams that split their inventory into workspaces with roles and an audit trail.',
  enterprise: 'For organizations that need no limits and long audit retention.',
};

interface Feature {
  text: string;
  included: boolean;
}

function retention(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return `${days} days`;
}

export function planFeatures(limits: PlanLimits): Feature[] {
  const count = (limit: number | null, one: string, many: string) =>
    limit === 1 ? `1 ${one}` : `${formatLimit(limit)} ${many}`;
  return [
    { text: count(limits.workspacesOwned, 'workspace', 'workspaces'), included: true },
    {
      text: `${count(limits.tokensPerWorkspace, 'token', 'tokens')} per workspace`,
      included: true,
    },
    {
      text: `${count(limits.membersPerWorkspace, 'member', 'members')} per workspace`,
      included: true,
    },
    {
      text: `${count(limits.webhooksPerWorkspace, 'webhook', 'webhooks')} per workspace`,
      included: true,
    },
    {
      text: `${count(limits.alertDeliveriesPerMonth, 'alert delivery', 'alert deliveries')} a month`,
      included: true,
    },
    { text: 'Contact groups and per-token alert recipients', included: limits.contactGroups },
    { text: `Audit log kept ${retention(limits.auditRetentionDays)}`, included: true },
  ];
}

/** Plans, their prices per billing period and their limits (route /pricing). */
export function PricingPage() {
  const { isLoggedIn, user } = useSession();
  const currentPlan: Plan | null = user && isPlan(user.plan) ? user.plan : null;
  const [search] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>(() => {
    const requested = search.get(queryParams.period);
    return isBillingPeriod(requested) ? requested : DEFAULT_BILLING_PERIOD;
  });
  const prices = useQuery(planPricesQueryOptions());

  return (
    <PageFrame
      title="Pricing"
      description="Start free and upgrade when you need more workspaces, members or alerts. Paid plans are billed by card through our payment provider; you can change or cancel at any time in Billing & Plans."
    >
      {prices.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadErrorAlert onRetry={prices.refetch}>The prices could not be loaded.</LoadErrorAlert>
        </Box>
      )}
      <BillingPeriodToggle
        value={period}
        onChange={setPeriod}
        note={yearlySavingNote(prices.data?.prices)}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {PLANS.map((plan) => {
          const current = currentPlan === plan;
          return (
            <Card
              key={plan}
              component="article"
              aria-labelledby={`plan-${plan}`}
              sx={{
                p: 3,
                display: 'flex',
                flexDirection: 'column',
                borderColor: plan === 'team' ? 'primary.main' : undefined,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography id={`plan-${plan}`} variant="h4" component="h2">
                  {PLAN_LABELS[plan]}
                </Typography>
                {current && <Chip size="small" color="primary" label="Current plan" />}
                {!current && plan === 'team' && (
                  <Chip size="small" variant="outlined" label="Popular" />
                )}
              </Box>
              <Typography variant="body2" color="textSecondary" sx={{ minHeight: 60 }}>
                {PLAN_BLURBS[plan]}
              </Typography>
              <PlanPrice
                prices={prices.data?.prices[plan]}
                period={period}
                loading={prices.isPending}
              />
              <List dense sx={{ flex: 1, my: 1 }}>
                {planFeatures(PLAN_LIMITS[plan]).map((feature) => (
                  <ListItem key={feature.text} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {feature.included ? (
                        <CheckCircleOutline fontSize="small" color="success" />
                      ) : (
                        <RemoveCircleOutline fontSize="small" color="disabled" />
                      )}
                    </ListItemIcon>
                    <ListItemText
                      primary={feature.text}
                      slotProps={{
                        primary: { color: feature.included ? 'text.primary' : 'text.secondary' },
                      }}
                    />
                  </ListItem>
                ))}
              </List>
              {isLoggedIn ? (
                <Button
                  component={RouterLink}
                  to={billingUpgradePath(plan, period)}
                  variant={plan === 'free' ? 'outlined' : 'contained'}
                  disabled={current}
                  aria-label={
                    current ? `${PLAN_LABELS[plan]}: current plan` : `Choose ${PLAN_LABELS[plan]}`
                  }
                >
                  {current ? 'Current plan' : `Choose ${PLAN_LABELS[plan]}`}
                </Button>
              ) : (
                <Button
                  component={RouterLink}
                  // A paid plan leads on, through registration and verification, to its checkout.
                  to={
                    plan === 'free'
                      ? paths.register
                      : withRedirect(paths.register, billingUpgradePath(plan, period))
                  }
                  variant={plan === 'free' ? 'outlined' : 'contained'}
                >
                  {plan === 'free' ? 'Get started free' : `Start with ${PLAN_LABELS[plan]}`}
                </Button>
              )}
            </Card>
          );
        })}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 3 }}>
        A workspace uses the plan of its owner. If you move to a smaller plan, workspaces beyond its
        limits (the newest beyond its number of workspaces, and any with more tokens or members than
        it allows) are frozen (read-only, alerts paused) until you upgrade again or move their
        tokens out.
      </Typography>
    </PageFrame>
  );
}
