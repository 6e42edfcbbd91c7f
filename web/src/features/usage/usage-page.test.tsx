import { screen, within } from '@testing-library/react';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { UsagePage } from './usage-page';

const usage = {
  plan: 'pro',
  limits: {
    workspacesOwned: 3,
    tokensPerWorkspace: 500,
    membersPerWorkspace: 5,
    contactGroups: true,
    webhooksPerWorkspace: 5,
    alertDeliveriesPerMonth: 2000,
    auditRetentionDays: 90,
  },
  usage: {
    month: '2025-01',
    workspacesOwned: 2,
    alertDeliveriesThisMonth: 1800,
    tokens: 120,
    members: 4,
    seats: 3,
    provisionedSeats: 2,
  },
  workspaces: [
    { id: 'ws-1', name: 'Main', is_frozen: false, tokens: 100, members: 3, webhooks: 2 },
    { id: 'ws-2', name: 'Old', is_frozen: true, tokens: 20, members: 1, webhooks: 0 },
  ],
};

function serve(role: string) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor({ plan: 'pro' })),
    'GET /api/v1/workspaces': () =>
      jsonResponse({ items: [{ id: 'ws-1', name: 'Main', plan: 'pro', role, is_frozen: false }] }),
    'GET /api/organization/usage': () => jsonResponse(usage),
  });
}

function renderUsage() {
  renderRoutes([{ path: '/usage', element: <UsagePage /> }], '/usage?workspace=ws-1');
}

beforeEach(() => resetApiClientState());

describe('usage page', () => {
  it('shows deliveries this month against the plan, and each workspace', async () => {
    serve('admin');
    renderUsage();
    expect(await screen.findByText('1,800 / 2,000')).toBeVisible();
    const deliveries = screen.getByRole('progressbar', {
      name: /Alert deliveries this month: 90%/,
    });
    // 90 % of the limit: the warning colour, not the error one.
    expect(deliveries).toHaveClass('MuiLinearProgress-colorWarning');
    // 2 of 3 workspaces (67 %): neutral.
    const workspaces = screen.getByRole('progressbar', { name: /Workspaces owned: 66%/ });
    expect(workspaces).toHaveClass('MuiLinearProgress-colorInherit');
    expect(screen.getByText('2 / 3')).toBeVisible();
    expect(screen.getByText('100 / 500')).toBeVisible();
    expect(screen.getByText('Frozen')).toBeVisible();
  });

  it('says which figures count per account and which per workspace', async () => {
    serve('admin');
    renderUsage();
    const account = await screen.findByRole('region', { name: 'Per account' });
    expect(account).toHaveTextContent('Counted for your account: the totals of every workspace');
    for (const figure of ['Alert deliveries this month', 'Workspaces owned', 'Tokens', 'Members']) {
      expect(within(account).getByText(figure)).toBeVisible();
    }
    expect(within(account).getByText('Seats')).toBeVisible();
    expect(account).toHaveTextContent(
      'Seats: 3 people hold a place in your workspaces (members and pending invitations, each person once',
    );
    expect(account).toHaveTextContent('2 of them provisioned by your identity provider.');
    const perWorkspace = screen.getByRole('region', { name: 'Per workspace' });
    expect(perWorkspace).toHaveTextContent('Counted for each workspace you own');
    expect(within(perWorkspace).queryByText('Alert deliveries this month')).toBeNull();
  });

  it('is for admins and workspace managers only', async () => {
    const { requests } = serve('viewer');
    renderUsage();
    expect(
      await screen.findByText('Usage is shown to admins and workspace managers.'),
    ).toBeVisible();
    expect(requests.some((r) => r.path === '/api/organization/usage')).toBe(false);
  });
});
