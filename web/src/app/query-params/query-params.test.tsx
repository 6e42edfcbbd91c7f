import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';

const PENDING = 'expiry-radar:pending-welcome';

function serve(session: unknown = sessionFor(), extra = {}) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 't' }),
    'GET /api/v1/workspaces': () =>
      jsonResponse({
        items: [{ id: 'w1', name: 'Mine', plan: 'pro', role: 'admin', is_frozen: false }],
      }),
    'GET /api/alert-queue': () => jsonResponse({ items: [] }),
    'GET /api/tokens': () =>
      jsonResponse({ items: [], total: 0, facets: { category: {}, section: [] } }),
    'GET /api/account/plan': () => jsonResponse({ plan: 'team' }),
    'POST /api/billing/confirm': () => jsonResponse({ plan: 'team' }),
    ...extra,
  });
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('welcome dialog', () => {
  it.each(['new_user', 'first_login', 'registered', 'verification_success'])(
    '%s=true opens "Welcome on board"; closing removes the flag and the pending state',
    async (flag) => {
      serve();
      window.localStorage.setItem(PENDING, 'true');
      const { router } = renderApp(`/dashboard?${flag}=true`);
      // The first render also compiles the lazy dashboard chunk: allow it more than a second.
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Welcome on board' },
        { timeout: 5_000 },
      );
      expect(dialog).toBeVisible();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Go to Dashboard' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Welcome on board' })).not.toBeInTheDocument(),
      );
      expect(router.state.location.search).not.toContain(flag);
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(window.localStorage.getItem(PENDING)).toBeNull();
    },
  );

  it('"Go to Dashboard" from Account settings shows the dashboard, in the same workspace', async () => {
    serve();
    const { router } = renderApp('/dashboard?view=account&workspace=w1&new_user=true');
    await screen.findByRole('dialog', { name: 'Welcome on board' }, { timeout: 5_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('view=account'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toContain('workspace=w1');
    expect(router.state.location.search).not.toContain('new_user');
  });

  it('"Get Started" closes it and opens the getting-started guide', async () => {
    serve();
    const { router } = renderApp('/dashboard?new_user=true');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome on board' });
    expect(dialog).toHaveTextContent(
      'Your account is ready. Add the certificates, keys, licenses and other items you want to keep an eye on, and Expiry Radar will alert you before any of them expires.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/tokens'));
  });

  it('words it for a viewer of the selected workspace, whose Get Started is about alerts', async () => {
    serve(sessionFor(), {
      'GET /api/v1/workspaces': () =>
        jsonResponse({
          items: [{ id: 'w2', name: 'Acme', plan: 'team', role: 'viewer', is_frozen: false }],
        }),
    });
    const { router } = renderApp('/dashboard?new_user=true');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome on board' });
    expect(dialog).toHaveTextContent(
      "You can see this workspace's certificates, keys and licenses and get their alerts; its admins and managers keep them up to date.",
    );
    expect(dialog).not.toHaveTextContent('Add the certificates');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/alerts'));
  });

  it('shows for a pending welcome on the dashboard', async () => {
    serve();
    window.localStorage.setItem(PENDING, 'true');
    renderApp('/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Welcome on board' })).toBeVisible();
  });

  describe("a registration's pending welcome", () => {
    // Sent at 10:00; registering answers the same for an address that has an account already.
    beforeEach(() => window.localStorage.setItem(PENDING, 'registered:2026-11-29T10:00:00.000Z'));

    it('shows for the account it made', async () => {
      serve(sessionFor({ createdAt: '2026-11-29T10:00:01.000Z' }));
      renderApp('/dashboard');
      expect(await screen.findByRole('dialog', { name: 'Welcome on board' })).toBeVisible();
    });

    it('does not show for an account made before it (its owner was only reminded to sign in)', async () => {
      serve(sessionFor({ createdAt: '2025-01-10T08:00:00.000Z' }));
      renderApp('/dashboard');
      await screen.findByRole('heading', { name: 'Token Management Dashboard' });
      expect(screen.queryByRole('dialog', { name: 'Welcome on board' })).not.toBeInTheDocument();
    });
  });

  it('does not show without a flag or a pending welcome', async () => {
    serve();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    expect(screen.queryByRole('dialog', { name: 'Welcome on board' })).not.toBeInTheDocument();
  });

  it('a flag seen before verification is kept as pending', async () => {
    serve(sessionFor({ needsVerification: true }));
    renderApp('/dashboard?registered=true');
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(window.localStorage.getItem(PENDING)).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Welcome on board' })).not.toBeInTheDocument();
  });
});

describe('email change confirmed', () => {
  it('says the new address instead of the welcome, and removes the flag', async () => {
    const successToast = jest.spyOn(toast, 'success');
    serve();
    const { router } = renderApp('/dashboard?email_changed=true');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' }, { timeout: 5_000 });
    await waitFor(() =>
      expect(successToast).toHaveBeenCalledWith(
        'Your email address is now ada@example.com',
        expect.anything(),
      ),
    );
    await waitFor(() => expect(router.state.location.search).not.toContain('email_changed'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog', { name: 'Welcome on board' })).not.toBeInTheDocument();
    expect(successToast).toHaveBeenCalledTimes(1);
    successToast.mockRestore();
  });

  it('signed out, keeps the flag for the way back from sign-in', async () => {
    serve({ loggedIn: false });
    const { router } = renderApp('/dashboard?email_changed=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5_000 });
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/dashboard', search: '?email_changed=true' },
    });
  });
});

describe('billing return', () => {
  it('confirms a checkout, records the plan and removes the billing parameters', async () => {
    const successToast = jest.spyOn(toast, 'success');
    const { requests } = serve();
    const { router } = renderApp('/billing?session_id=cs_123&redirect_status=succeeded');
    await screen.findByRole('heading', { name: 'Billing & Plans' });
    await waitFor(() => expect(window.localStorage.getItem('expiry-radar:plan')).toBe('team'));
    const confirm = requests.find((r) => r.path === '/api/billing/confirm');
    expect(confirm?.body).toEqual({ session_id: 'cs_123' });
    expect(router.state.location.search).not.toMatch(/session_id|redirect_status/);
    expect(successToast).toHaveBeenCalledWith('Plan upgraded to Team', expect.anything());
    // Session and workspaces are read again after the plan change.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/session').length).toBeGreaterThan(1),
    );
    successToast.mockRestore();
  });

  it('a cancelled checkout only removes the parameter', async () => {
    const { requests } = serve();
    const { router } = renderApp('/billing?billing=cancel');
    await screen.findByRole('heading', { name: 'Billing & Plans' });
    await waitFor(() => expect(router.state.location.search).not.toContain('billing'));
    expect(requests.some((r) => r.path === '/api/billing/confirm')).toBe(false);
    expect(window.localStorage.getItem('expiry-radar:plan')).toBeNull();
  });

  it('a portal return refreshes and records the plan', async () => {
    serve();
    const { router } = renderApp('/billing?portal=return');
    await waitFor(() => expect(window.localStorage.getItem('expiry-radar:plan')).toBe('team'));
    expect(router.state.location.search).not.toContain('portal');
  });
});
