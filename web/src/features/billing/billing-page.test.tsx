import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RecordedRequest,
} from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { assignLocation } from '../../lib/browser-location';
import { resetToastHistory } from '../../lib/toasts';
import { BillingPage, changesHere, describeLimits, planChangedMessage } from './billing-page';

jest.mock('../../lib/browser-location', () => ({ assignLocation: jest.fn() }));

interface World {
  plan: Plan;
  mode: 'local' | 'stripe' | 'unavailable';
  workspaces: { id: string; name: string; is_frozen: boolean; tokens: number; members: number }[];
}

function planAnswer(world: World) {
  return {
    plan: world.plan,
    limits: PLAN_LIMITS[world.plan],
    billingMode: world.mode,
    usage: { workspacesOwned: world.workspaces.length, workspaces: world.workspaces },
  };
}

/**
 * A fake API whose upgrade changes the world as the server's local billing mode does; `answers`
 * replaces some of its answers.
 */
function serve(world: World, answers: Parameters<typeof installFetchMock>[0] = {}) {
  return installFetchMock({
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/session': () => jsonResponse(sessionFor({ plan: world.plan })),
    'GET /api/account/plan': () => jsonResponse(planAnswer(world)),
    'POST /api/account/upgrade': (request: RecordedRequest) => {
      const { plan } = request.body as { plan: Plan };
      if (world.mode === 'stripe') {
        return jsonResponse({ plan: world.plan, checkoutUrl: 'https://checkout.stripe.test/c/1' });
      }
      world.plan = plan;
      const limit = PLAN_LIMITS[plan].workspacesOwned;
      world.workspaces = world.workspaces.map((workspace, index) => ({
        ...workspace,
        is_frozen: limit !== null && index >= limit,
      }));
      return jsonResponse({ plan });
    },
    'POST /api/billing/portal': () => jsonResponse({ url: 'https://billing.stripe.test/p/1' }),
    'GET /api/plan-prices': () => jsonResponse(PRICES),
    ...answers,
  });
}

const usd = (monthly: number) => ({
  monthly: { amount: monthly, currency: 'USD' },
  yearly: { amount: monthly * 10, currency: 'USD' },
});
const PRICES = { prices: { free: usd(0), pro: usd(19), team: usd(79), enterprise: usd(299) } };

function renderBilling(path = '/billing') {
  return renderRoutes([{ path: '/billing', element: <BillingPage /> }], path).router;
}

const workspace = (id: string, is_frozen = false) => ({
  id,
  name: `Workspace ${id}`,
  is_frozen,
  tokens: 3,
  members: 1,
});

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  jest.mocked(assignLocation).mockClear();
});

describe('billing page', () => {
  it('labels the local billing mode and upgrades at once, with the spec toast and a refresh', async () => {
    const { requests } = serve({ plan: 'free', mode: 'local', workspaces: [workspace('a')] });
    renderBilling();
    expect(await screen.findByRole('heading', { name: 'Billing & Plans' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Current plan: Free' })).toBeVisible();
    expect(screen.getAllByText('Local billing mode').length).toBeGreaterThan(0);
    // The local billing mode promises neither card checkout nor a billing portal.
    expect(
      screen.getByText(
        'Your current plan, its limits and usage, and plan changes, which the local billing mode makes at once without payment.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/card checkout|billing portal/)).toBeNull();
    expect(screen.getByText('1 / 1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    // The same confirmation as the way from /pricing, before anything changes.
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro?' });
    expect(within(dialog).getByText(/Your plan changes from Free to Pro at once/)).toBeVisible();
    expect(requests.some((r) => r.path === '/api/account/upgrade')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Plan upgraded to Pro')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Current plan: Pro' })).toBeVisible();
    const upgrade = requests.find((r) => r.path === '/api/account/upgrade');
    expect(upgrade?.body).toEqual({ plan: 'pro', period: 'monthly' });
    expect(upgrade?.headers.get('X-CSRF-Token')).toBe('csrf');
    expect(requests.filter((r) => r.path === '/api/account/plan').length).toBeGreaterThan(1);
    expect(window.localStorage.getItem('expiry-radar:plan')).toBe('pro');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('confirms a downgrade that freezes workspaces, then lists them with a way to transfer', async () => {
    const { requests } = serve({
      plan: 'pro',
      mode: 'local',
      workspaces: [workspace('a'), workspace('b')],
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Free?' });
    expect(await within(dialog).findByText('Free: no charge')).toBeVisible();
    expect(within(dialog).getByText(/your newest 1 workspace will be frozen/)).toBeVisible();
    const listed = within(dialog).getByRole('list', { name: 'Frozen on the Free plan' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["Workspace b: beyond the plan's number of workspaces"]);
    expect(requests.some((r) => r.path === '/api/account/upgrade')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade to Free' }));
    expect(await screen.findByText('Plan changed to Free')).toBeInTheDocument();
    const frozenList = await screen.findByRole('list', { name: 'Frozen workspaces' });
    expect(within(frozenList).getByText('Workspace b')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Transfer tokens' })).toHaveAttribute(
      'href',
      '/dashboard?view=account',
    );
  });

  it('warns of workspaces holding more tokens or members than the smaller plan allows', async () => {
    serve({
      plan: 'team',
      mode: 'local',
      workspaces: [
        workspace('a'),
        { ...workspace('b'), tokens: 60 },
        { ...workspace('c'), members: 2 },
      ],
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Free?' });
    expect(
      within(dialog).getByText(
        /2 workspaces hold more tokens or members than the Free plan allows and will be frozen/,
      ),
    ).toBeVisible();
    expect(within(dialog).queryByText(/your newest/)).toBeNull();
    const listed = within(dialog).getByRole('list', { name: 'Frozen on the Free plan' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Workspace b: more tokens than the plan allows',
      'Workspace c: more members than the plan allows',
    ]);
  });

  it('opens the change asked for by /pricing, in its period, and drops the parameters', async () => {
    const { requests } = serve({ plan: 'free', mode: 'local', workspaces: [workspace('a')] });
    const router = renderBilling('/billing?upgrade=team&period=yearly');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Team?' });
    expect(await within(dialog).findByText('Team: $790 / year')).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Team' }));
    expect(await screen.findByText('Plan upgraded to Team')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/account/upgrade')?.body).toEqual({
      plan: 'team',
      period: 'yearly',
    });
  });

  it('keeps the price line of the confirmation while the prices load, then fills it', async () => {
    let answerPrices: (response: Response) => void = () => {};
    serve(
      { plan: 'free', mode: 'local', workspaces: [workspace('a')] },
      { 'GET /api/plan-prices': () => new Promise<Response>((answer) => (answerPrices = answer)) },
    );
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro?' });
    expect(within(dialog).queryByText(/^Pro: /)).toBeNull();
    expect(dialog.querySelector('.MuiSkeleton-root')).not.toBeNull();

    answerPrices(jsonResponse(PRICES));
    expect(await within(dialog).findByText('Pro: $19 / month')).toBeVisible();
    expect(dialog.querySelector('.MuiSkeleton-root')).toBeNull();
  });

  it("shows each plan's price for the period the toggle picks", async () => {
    serve({ plan: 'free', mode: 'local', workspaces: [workspace('a')] });
    renderBilling();
    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(await within(pro).findByText('$19')).toBeVisible();
    expect(within(pro).getByText('Billed monthly')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Free' })).getByText('Free', { selector: 'p' }),
    ).toBeVisible();
    expect(screen.getByText('Save up to 17% with yearly billing')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(pro).getByText('$190')).toBeVisible();
    expect(within(pro).getByText('$15.83 a month, billed yearly')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('with Stripe, sends an upgrade to checkout of the chosen period and opens the billing portal', async () => {
    const world: World = { plan: 'free', mode: 'stripe', workspaces: [workspace('a')] };
    const { requests } = serve(world);
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Yearly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Team?' });
    expect(
      within(dialog).getByText('You will continue to secure card checkout for the Team plan.'),
    ).toBeVisible();
    expect(assignLocation).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Team' }));
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'),
    );
    expect(requests.find((r) => r.path === '/api/account/upgrade')?.body).toEqual({
      plan: 'team',
      period: 'yearly',
    });
    expect(screen.queryByText('Local billing mode')).toBeNull();
    expect(
      screen.getByText(
        'Your current plan, upgrades through secure card checkout, and invoices and payment details in the billing portal.',
      ),
    ).toBeVisible();
  });

  it('with Stripe and a paid plan, offers Manage billing and plan changes in the portal', async () => {
    serve({ plan: 'pro', mode: 'stripe', workspaces: [workspace('a')] });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('https://billing.stripe.test/p/1'),
    );
    expect(screen.getAllByRole('button', { name: 'Change in billing portal' })).toHaveLength(3);
  });
});

describe('billing page texts', () => {
  it('describes limits in words and names plan changes', () => {
    expect(describeLimits(PLAN_LIMITS.free)).toBe(
      '1 workspace, 50 tokens and 1 member per workspace.',
    );
    expect(describeLimits(PLAN_LIMITS.team)).toBe(
      '10 workspaces, 5,000 tokens and 50 members per workspace, contact groups.',
    );
    expect(describeLimits(PLAN_LIMITS.enterprise)).toBe(
      'Unlimited workspaces, unlimited tokens and unlimited members per workspace, contact groups.',
    );
    expect(planChangedMessage('free', 'team')).toBe('Plan upgraded to Team');
    expect(changesHere('local', 'team', 'free')).toBe(true);
    expect(changesHere('stripe', 'free', 'pro')).toBe(true);
    expect(changesHere('stripe', 'pro', 'team')).toBe(false);
    expect(changesHere('stripe', 'pro', 'free')).toBe(false);
    expect(changesHere('unavailable', 'free', 'pro')).toBe(false);
    expect(planChangedMessage('team', 'pro')).toBe('Plan changed to Pro');
  });
});
