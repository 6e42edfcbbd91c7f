import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import {
  LOGGED_OUT_SESSION,
  installFetchMock,
  jsonResponse,
  sessionFor,
} from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';

const usd = (monthly: number) => ({
  monthly: { amount: monthly, currency: 'USD' },
  yearly: { amount: monthly * 10, currency: 'USD' },
});

function serve(session: unknown) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/v1/workspaces': () =>
      jsonResponse({
        items: [{ id: 'w', name: 'W', plan: 'free', role: 'admin', is_frozen: false }],
      }),
    'GET /api/plan-prices': () =>
      jsonResponse({ prices: { free: usd(0), pro: usd(24), team: usd(79), enterprise: usd(299) } }),
  });
}

const plan = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('pricing page', () => {
  it('shows the configured price of each plan for the period the toggle picks', async () => {
    serve(LOGGED_OUT_SESSION);
    renderApp('/pricing');
    expect(
      await within(await screen.findByRole('article', { name: 'Pro' })).findByText('$24'),
    ).toBeVisible();
    expect(within(plan('Pro')).getByText('Billed monthly')).toBeVisible();
    expect(within(plan('Free')).getByText('Free', { selector: 'p' })).toBeVisible();
    expect(within(plan('Enterprise')).getByText('$299')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(plan('Pro')).getByText('$240')).toBeVisible();
    expect(within(plan('Pro')).getByText('$20 a month, billed yearly')).toBeVisible();
    expect(within(plan('Free')).getByText('No card needed')).toBeVisible();
  });

  it('signed out, a paid plan leads through registration to its checkout in the chosen period', async () => {
    serve(LOGGED_OUT_SESSION);
    renderApp('/pricing?period=yearly');
    const start = await within(await screen.findByRole('article', { name: 'Pro' })).findByRole(
      'link',
      { name: 'Start with Pro' },
    );
    expect(start).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent('/billing?upgrade=pro&period=yearly')}`,
    );
    expect(within(plan('Free')).getByRole('link', { name: 'Get started free' })).toHaveAttribute(
      'href',
      '/register',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(within(plan('Team')).getByRole('link', { name: 'Start with Team' })).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent('/billing?upgrade=team&period=monthly')}`,
    );
  });

  it('signed in, a plan leads to its change on the billing page in the chosen period', async () => {
    serve(sessionFor());
    renderApp('/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'Yearly' }));
    expect(within(plan('Team')).getByRole('link', { name: 'Choose Team' })).toHaveAttribute(
      'href',
      '/billing?upgrade=team&period=yearly',
    );
  });
});
