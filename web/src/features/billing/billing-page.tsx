import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type {
  BillingMode,
  PlanPricesResponse,
  PlanResponse,
} from '@expiry-radar/shared/api/billing-api-schemas';
import {
  DEFAULT_BILLING_PERIOD,
  isBillingPeriod,
  type BillingPeriod,
} from '@expiry-radar/shared/domain/plan-prices';
import {
  comparePlans,
  formatLimit,
  isPlan,
  PLAN_LABELS,
  PLAN_LIMITS,
  PLANS,
  type Limit,
  type Plan,
  type PlanLimits,
  usageText,
} from '@expiry-radar/shared/domain/plans';
import { countText } from '@expiry-radar/shared/domain/count-text';
import { freezeReasons, type FreezeReason } from '@expiry-radar/shared/domain/workspace-freezing';
import { planUpgradedMessage } from '@expiry-radar/shared/messages/success-messages';
import { BillingPeriodToggle } from '../../components/billing-period-toggle';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { PlanPrice, priceText, yearlySavingNote } from '../../components/plan-price';
import { Spinner } from '../../components/spinner';
import { accountSettingsPath, queryParams } from '../../lib/paths';
import { showSuccessToast } from '../../lib/toasts';
import { planPricesQueryOptions, planQueryOptions } from '../plan';
import {
  useBillingPortalMutation,
  useChangePlanMutation,
  type PlanChoice,
} from './api/billing-mutations';

type Usage = NonNullable<PlanResponse['usage']>;
type Prices = PlanPricesResponse['prices'];

function pluralize(count: number, one: string, many: string): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}

/** "3 workspaces, 500 tokens and 5 members per workspace, contact groups." */
export function describeLimits(limits: PlanLimits): string {
  const count = (limit: Limit, one: string, many: string) =>
    limit === null ? `unlimited ${many}` : pluralize(limit, one, many);
  const parts = `${count(limits.workspacesOwned, 'workspace', 'workspaces')}, ${count(
    limits.tokensPerWorkspace,
    'token',
    'tokens',
  )} and ${count(limits.membersPerWorkspace, 'member', 'members')} per workspace`;
  const text = `${parts}${limits.contactGroups ? ', contact groups' : ''}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The success toast: "Plan upgraded to {plan}" for an upgrade, "Plan changed to {plan}" else. */
export function planChangedMessage(from: Plan, to: Plan): string {
  return comparePlans(to, from) > 0
    ? planUpgradedMessage(PLAN_LABELS[to])
    : `Plan changed to ${PLAN_LABELS[to]}`;
}

/**
 * Whether this page changes to `plan` itself: always in the local billing mode; with Stripe only
 * from the free plan up (checkout), since a subscription changes in the billing portal.
 */
export function changesHere(mode: BillingMode, current: Plan, plan: Plan): boolean {
  if (plan === current) return false;
  if (mode === 'local') return true;
  return mode === 'stripe' && current === 'free' && comparePlans(plan, current) > 0;
}

interface Freezes {
  /** The newest owned beyond the plan's number of workspaces. */
  readonly beyondLimit: number;
  /** Those holding more tokens or members than the plan allows. */
  readonly overUsage: number;
  /** Each workspace that would be frozen (and is not yet), with why. */
  readonly workspaces: ReadonlyArray<{ readonly name: string; readonly why: string }>;
}

const FREEZE_WHY: Readonly<Record<FreezeReason, string>> = {
  workspace_limit: "beyond the plan's number of workspaces",
  token_limit: 'more tokens than the plan allows',
  member_limit: 'more members than the plan allows',
};

/** What a move to `plan` would freeze, by the server's rule (usage lists the oldest owned first). */
function freezesOnMove(plan: Plan, usage: Usage | undefined): Freezes {
  const owned = usage?.workspaces ?? [];
  const reasons = freezeReasons(plan, owned);
  return {
    beyondLimit: reasons.filter((reason) => reason === 'workspace_limit').length,
    overUsage: reasons.filter((reason) => reason === 'token_limit' || reason === 'member_limit')
      .length,
    workspaces: owned.flatMap((workspace, index) => {
      const reason = reasons[index];
      return reason && !workspace.is_frozen
        ? [{ name: workspace.name, why: FREEZE_WHY[reason] }]
        : [];
    }),
  };
}

const freezesAny = (freezes: Freezes) => freezes.beyondLimit + freezes.overUsage > 0;

function LocalModeNotice() {
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>Local billing mode</AlertTitle>
      No card payment provider is configured (no <code>STRIPE_SECRET_KEY</code>), so choosing a plan
      switches it at once, without payment. Nothing is charged.
    </Alert>
  );
}

function CurrentPlan({ plan, usage }: { plan: Plan; usage: Usage | undefined }) {
  const limits = PLAN_LIMITS[plan];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="billing-current" sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="billing-current" variant="h2" sx={{ fontSize: '1.25rem' }}>
          Current plan: {PLAN_LABELS[plan]}
        </Typography>
      </Stack>
      <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Figure
          label="Workspaces owned"
          value={usage ? usageText(usage.workspacesOwned, limits.workspacesOwned) : '—'}
        />
        <Figure label="Tokens per workspace" value={formatLimit(limits.tokensPerWorkspace)} />
        <Figure label="Members per workspace" value={formatLimit(limits.membersPerWorkspace)} />
        <Figure label="Webhooks per workspace" value={formatLimit(limits.webhooksPerWorkspace)} />
        <Figure
          label="Alert deliveries a month"
          value={formatLimit(limits.alertDeliveriesPerMonth)}
        />
      </Stack>
      {usage && usage.workspaces.length > 0 && (
        <List dense aria-label="Workspaces you own" disablePadding>
          {usage.workspaces.map((workspace) => (
            <ListItem key={workspace.id} disableGutters>
              <ListItemText
                primary={
                  <>
                    {workspace.name}
                    {workspace.is_frozen && (
                      <Chip size="small" color="warning" label="Frozen" sx={{ ml: 1 }} />
                    )}
                  </>
                }
                secondary={`${usageText(workspace.tokens, limits.tokensPerWorkspace)} tokens · ${usageText(
                  workspace.members,
                  limits.membersPerWorkspace,
                )} members`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

function FrozenWorkspaces({ usage }: { usage: Usage | undefined }) {
  const frozen = usage?.workspaces.filter((workspace) => workspace.is_frozen) ?? [];
  if (frozen.length === 0) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={accountSettingsPath} color="inherit" size="small">
          Transfer tokens
        </Button>
      }
    >
      <AlertTitle>Frozen workspaces</AlertTitle>
      {pluralize(frozen.length, 'workspace is', 'workspaces are')} beyond your plan&apos;s limit:
      read-only, with alerts paused. Upgrade to unfreeze, or move the tokens out.
      <Box component="ul" aria-label="Frozen workspaces" sx={{ m: 0, mt: 1, pl: 3 }}>
        {frozen.map((workspace) => (
          <li key={workspace.id}>{workspace.name}</li>
        ))}
      </Box>
    </Alert>
  );
}

interface PlanCardsProps {
  current: Plan;
  mode: BillingMode;
  prices: Prices | undefined;
  pricesLoading: boolean;
  period: BillingPeriod;
  busy: boolean;
  onChoose: (plan: Plan) => void;
  onPortal: () => void;
}

function PlanCards(props: PlanCardsProps) {
  const { current, mode, prices, pricesLoading, period, busy, onChoose, onPortal } = props;
  // With Stripe, a subscription changes (or ends) in the billing portal.
  const throughPortal = mode === 'stripe' && current !== 'free';
  return (
    <Box
      component="section"
      aria-label="Plans"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {PLANS.map((plan) => {
        const isCurrent = plan === current;
        const limits = PLAN_LIMITS[plan];
        const up = comparePlans(plan, current) > 0;
        const label = `${up ? 'Upgrade' : 'Downgrade'} to ${PLAN_LABELS[plan]}`;
        return (
          <Card
            key={plan}
            component="article"
            aria-labelledby={`billing-plan-${plan}`}
            sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography id={`billing-plan-${plan}`} variant="h3" sx={{ fontSize: '1.25rem' }}>
                {PLAN_LABELS[plan]}
              </Typography>
              {isCurrent && <Chip size="small" color="primary" label="Current" />}
            </Stack>
            <PlanPrice prices={prices?.[plan]} period={period} loading={pricesLoading} />
            <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>
              {describeLimits(limits)}
            </Typography>
            {isCurrent ? (
              <Button variant="outlined" disabled>
                Current plan
              </Button>
            ) : mode === 'unavailable' ? null : throughPortal ? (
              <Button variant="outlined" disabled={busy} onClick={onPortal}>
                Change in billing portal
              </Button>
            ) : !changesHere(mode, current, plan) ? null : (
              <Button
                variant={up ? 'contained' : 'outlined'}
                disabled={busy}
                onClick={() => onChoose(plan)}
              >
                {label}
              </Button>
            )}
          </Card>
        );
      })}
    </Box>
  );
}

interface PlanChangeDialogProps {
  target: Plan | null;
  current: Plan;
  mode: BillingMode;
  usage: Usage | undefined;
  prices: Prices | undefined;
  pricesLoading: boolean;
  period: BillingPeriod;
  busy: boolean;
  onConfirm: (plan: Plan) => void;
  onClose: () => void;
}

function PlanChangeDialog(props: PlanChangeDialogProps) {
  const { target, current, mode, usage, prices, pricesLoading, period, busy, onConfirm, onClose } =
    props;
  const plan = target ?? current;
  const up = comparePlans(plan, current) > 0;
  const freezes = freezesOnMove(plan, usage);
  const action = `${up ? 'Upgrade' : 'Downgrade'} to ${PLAN_LABELS[plan]}`;
  return (
    <Dialog open={target !== null} onClose={onClose} aria-labelledby="plan-change-title">
      <DialogTitle id="plan-change-title">{action}?</DialogTitle>
      <DialogContent>
        {prices ? (
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {PLAN_LABELS[plan]}:{' '}
            {/* The free plan's price reads "Free": "Free: Free" said nothing. */}
            {prices[plan][period].amount === 0 ? 'no charge' : priceText(prices[plan], period)}
          </Typography>
        ) : (
          // Keeps the price's line while the prices load, so the dialog does not grow under the pointer.
          pricesLoading && <Skeleton aria-hidden variant="text" width={140} sx={{ mb: 1 }} />
        )}
        <DialogContentText>
          {mode === 'stripe'
            ? `You will continue to secure card checkout for the ${PLAN_LABELS[plan]} plan.`
            : `Your plan changes from ${PLAN_LABELS[current]} to ${PLAN_LABELS[plan]} at once (local billing mode: nothing is charged).`}
        </DialogContentText>
        {freezesAny(freezes) && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {freezes.overUsage > 0 &&
              `${pluralize(freezes.overUsage, 'workspace holds', 'workspaces hold')} more tokens or members than the ${PLAN_LABELS[plan]} plan allows and will be frozen (read-only, alerts paused). `}
            {freezes.beyondLimit > 0 &&
              `The ${PLAN_LABELS[plan]} plan allows ${pluralize(PLAN_LIMITS[plan].workspacesOwned ?? 0, 'workspace', 'workspaces')}: your newest ${pluralize(freezes.beyondLimit, 'workspace', 'workspaces')} will be frozen (read-only, alerts paused). `}
            Their tokens are kept.
            {freezes.workspaces.length > 0 && (
              <Box
                component="ul"
                aria-label={`Frozen on the ${PLAN_LABELS[plan]} plan`}
                sx={{ m: 0, mt: 1, pl: 3 }}
              >
                {freezes.workspaces.map((workspace, index) => (
                  <li key={`${index}-${workspace.name}`}>
                    <strong>{workspace.name}</strong>: {workspace.why}
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={freezesAny(freezes) ? 'warning' : 'primary'}
          disabled={busy}
          onClick={() => onConfirm(plan)}
        >
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function BillingContent({ data }: { data: PlanResponse }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = data.plan;
  const mode = data.billingMode ?? 'local';

  // /pricing sends plans here as ?upgrade=<plan>&period=<period>: that change opens in that
  // period, and the parameters go.
  const requested = searchParams.get(queryParams.upgrade);
  const requestedPeriod = searchParams.get(queryParams.period);
  const [target, setTarget] = useState<Plan | null>(() =>
    isPlan(requested) && changesHere(mode, current, requested) ? requested : null,
  );
  const [period, setPeriod] = useState<BillingPeriod>(() =>
    isBillingPeriod(requestedPeriod) ? requestedPeriod : DEFAULT_BILLING_PERIOD,
  );
  useEffect(() => {
    if (requested === null && requestedPeriod === null) return;
    setSearchParams(
      (params) => {
        params.delete(queryParams.upgrade);
        params.delete(queryParams.period);
        return params;
      },
      { replace: true },
    );
  }, [requested, requestedPeriod, setSearchParams]);
  const prices = useQuery(planPricesQueryOptions());

  const change = useChangePlanMutation({
    onChanged: (plan) => {
      setTarget(null);
      showSuccessToast(planChangedMessage(current, plan));
    },
  });
  const portal = useBillingPortalMutation();
  const busy = change.isPending || portal.isPending;

  // Every change is confirmed first, in the one dialog the way from /pricing opens too.
  const choose = (plan: Plan) => setTarget(plan);
  const changeTo = (plan: Plan) => change.mutate({ plan, period } satisfies PlanChoice);

  return (
    <Stack spacing={3}>
      {mode === 'local' && <LocalModeNotice />}
      {mode === 'unavailable' && (
        <Alert severity="info">
          Plan changes are not available: card billing is not configured for this installation.
        </Alert>
      )}
      <FrozenWorkspaces usage={data.usage} />
      <CurrentPlan plan={current} usage={data.usage} />
      {mode === 'stripe' && current !== 'free' && (
        <Box>
          <Button variant="outlined" disabled={busy} onClick={() => portal.mutate()}>
            Manage billing
          </Button>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            Invoices, payment method, plan changes and cancellation are in the billing portal.
          </Typography>
        </Box>
      )}
      <Box>
        <BillingPeriodToggle
          value={period}
          onChange={setPeriod}
          note={yearlySavingNote(prices.data?.prices)}
        />
        <PlanCards
          current={current}
          mode={mode}
          prices={prices.data?.prices}
          pricesLoading={prices.isPending}
          period={period}
          busy={busy}
          onChoose={choose}
          onPortal={() => portal.mutate()}
        />
      </Box>
      <PlanChangeDialog
        target={target}
        current={current}
        mode={mode}
        usage={data.usage}
        prices={prices.data?.prices}
        pricesLoading={prices.isPending}
        period={period}
        busy={busy}
        onConfirm={changeTo}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}

/**
 * What the page offers in each billing mode: card checkout and the portal only with the payment
 * provider; the local billing mode switches plans at once; without either, plans do not change.
 */
export function billingDescription(mode: BillingMode | undefined): string {
  switch (mode) {
    case 'stripe':
      return 'Your current plan, upgrades through secure card checkout, and invoices and payment details in the billing portal.';
    case 'local':
      return 'Your current plan, its limits and usage, and plan changes, which the local billing mode makes at once without payment.';
    case 'unavailable':
      return 'Your current plan, its limits and usage.';
    default:
      return 'Your current plan, its limits and usage, and plan changes.';
  }
}

/** /billing: the plan, its limits and usage, plan changes, and the billing portal. */
export function BillingPage() {
  const query = useQuery(planQueryOptions());
  const mode = query.data?.billingMode;
  return (
    <PageFrame
      title="Billing & Plans"
      description={billingDescription(mode)}
      actions={
        mode === 'local' ? (
          <Chip color="info" variant="outlined" label="Local billing mode" />
        ) : undefined
      }
    >
      {query.isPending ? (
        <Spinner minHeight={240} />
      ) : query.isError ? (
        <LoadErrorAlert onRetry={query.refetch}>Your plan could not be loaded.</LoadErrorAlert>
      ) : (
        <BillingContent data={query.data} />
      )}
    </PageFrame>
  );
}
