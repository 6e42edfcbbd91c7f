import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_CHECK } from '@expiry-radar/shared/constants/timing';
import { SESSION_CHECK_FAILED_NOTICE } from '@expiry-radar/shared/messages/notices';
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

const workspaces = {
  items: [
    { id: 'ws-viewer', name: 'Shared', plan: 'free', role: 'viewer', is_frozen: false },
    { id: 'ws-admin', name: 'Mine', plan: 'free', role: 'admin', is_frozen: false },
  ],
};

function serve(session: unknown) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/v1/workspaces': () => jsonResponse(workspaces),
    'GET /api/alert-queue': () => jsonResponse({ items: [] }),
  });
}

function location(router: ReturnType<typeof renderApp>['router']) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('route guards', () => {
  it.each([
    '/dashboard',
    '/billing',
    '/preferences',
    '/usage',
    '/integrations',
    '/workspaces',
    '/audit',
    '/docs',
    '/docs/api',
    '/help',
  ])('%s sends a signed-out visitor to /login', async (path) => {
    serve(LOGGED_OUT_SESSION);
    const { router } = renderApp(path);
    // The first visit compiles the app shell's and the sign-in page's chunks: allow it more time.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5_000 });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it.each(['/dashboard', '/preferences'])(
    '%s sends a session that needs verification to /verify-email?email=...',
    async (path) => {
      serve(sessionFor({ needsVerification: true }));
      const { router } = renderApp(path);
      await waitFor(() => expect(location(router)).toBe('/verify-email?email=ada%40example.com'));
      expect(await screen.findByText('ada@example.com')).toBeVisible();
    },
  );

  it('lets an unverified session read the docs', async () => {
    serve(sessionFor({ needsVerification: true }));
    const { router } = renderApp('/docs/teams');
    expect(await screen.findByRole('heading', { name: 'Teams and workspaces' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/docs/teams');
  });

  it('shows a spinner while the session loads on non-auth pages', async () => {
    installFetchMock({ 'GET /api/session': () => new Promise<Response>(() => {}) });
    renderApp('/pricing');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Pricing' })).not.toBeInTheDocument();
  });

  it('with the API unreachable, checks the session 4 times on the dashboard, then offers Retry', async () => {
    let down = true;
    const { requests } = installFetchMock({
      'GET /api/session': () =>
        down ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(sessionFor()),
      'GET /api/v1/workspaces': () => jsonResponse(workspaces),
    });
    const sessionChecks = () => requests.filter((r) => r.path === '/api/session').length;
    const { router } = renderApp('/dashboard');
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 3_000 });
    expect(screen.getByText(SESSION_CHECK_FAILED_NOTICE)).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    expect(sessionChecks()).toBe(1 + SESSION_CHECK.dashboardRetries);
    expect(router.state.location.pathname).toBe('/dashboard');

    down = false;
    await userEvent.setup().click(retry);
    expect(
      await screen.findByRole('heading', { name: 'Token Management Dashboard' }),
    ).toBeVisible();
    expect(sessionChecks()).toBe(2 + SESSION_CHECK.dashboardRetries);
  });

  it('remembers whether this browser is signed in, for the page’s first script', async () => {
    const hint = () => window.localStorage.getItem('expiry-radar:signed-in');
    serve(sessionFor());
    const signedIn = renderApp('/pricing');
    await waitFor(() => expect(hint()).toBe('true'));
    signedIn.unmount();
    serve(sessionFor({ needsVerification: true }));
    const unverified = renderApp('/pricing');
    await waitFor(() => expect(hint()).toBeNull());
    unverified.unmount();
    window.localStorage.setItem('expiry-radar:signed-in', 'true');
    serve(LOGGED_OUT_SESSION);
    renderApp('/pricing');
    await waitFor(() => expect(hint()).toBeNull());
  });

  it('shows the sign-in form at once while the session loads', async () => {
    installFetchMock({ 'GET /api/session': () => new Promise<Response>(() => {}) });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it.each(['/login', '/register'])('%s forwards a verified session to /dashboard', async (path) => {
    serve(sessionFor());
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByRole('heading', { name: 'Token Management Dashboard' }),
    ).toBeVisible();
  });

  it.each(['/login', '/register'])(
    '%s forwards an unverified session to /verify-email?email=...',
    async (path) => {
      serve(sessionFor({ needsVerification: true }));
      const { router } = renderApp(path);
      await waitFor(() => expect(location(router)).toBe('/verify-email?email=ada%40example.com'));
    },
  );

  it('/register?redirect=... carries where the user was headed to /verify-email', async () => {
    serve(sessionFor({ needsVerification: true }));
    const redirect = encodeURIComponent('/billing?upgrade=pro&period=yearly');
    const { router } = renderApp(`/register?redirect=${redirect}`);
    await waitFor(() =>
      expect(location(router)).toBe(`/verify-email?email=ada%40example.com&redirect=${redirect}`),
    );
  });

  it.each([
    ['/login', '/billing?upgrade=team', '/billing'],
    ['/verify-email', '/billing?upgrade=team', '/billing'],
    ['/login', '//evil.example/billing', '/dashboard'],
    ['/verify-email', 'https://evil.example', '/dashboard'],
    ['/login', '/api/session', '/dashboard'],
  ])('%s?redirect=%s sends a verified session to %s', async (page, redirect, lands) => {
    serve(sessionFor());
    const { router } = renderApp(`${page}?redirect=${encodeURIComponent(redirect)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(lands));
  });

  it('/verify-email sends a verified session to /dashboard', async () => {
    serve(sessionFor());
    const { router } = renderApp('/verify-email?email=ada%40example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  describe('/verify-email waiting for a verification done in another browser', () => {
    function serveUntilVerified() {
      const state = { verified: false, sessionChecks: 0 };
      installFetchMock({
        'GET /api/session': () => {
          state.sessionChecks += 1;
          return jsonResponse(sessionFor({ needsVerification: !state.verified }));
        },
        'GET /api/v1/workspaces': () => jsonResponse(workspaces),
        'GET /api/alert-queue': () => jsonResponse({ items: [] }),
      });
      return state;
    }

    /** The page as a signed-in user waiting for the verification sees it. */
    async function waitForTheSignedInWaitingPage() {
      expect(
        await screen.findByRole('button', { name: 'Resend verification email' }),
      ).toBeVisible();
    }

    afterEach(() => jest.useRealTimers());

    it('checks again every few seconds, then lands where the link would have, with the welcome', async () => {
      jest.useFakeTimers({ advanceTimers: true });
      const state = serveUntilVerified();
      const { router } = renderApp('/verify-email?email=ada%40example.com');
      await waitForTheSignedInWaitingPage();
      const checksWhileWaiting = state.sessionChecks;
      await act(() => jest.advanceTimersByTimeAsync(SESSION_CHECK.verificationWatchMs));
      expect(state.sessionChecks).toBe(checksWhileWaiting + 1);

      state.verified = true;
      await act(() => jest.advanceTimersByTimeAsync(SESSION_CHECK.verificationWatchMs));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(router.state.location.search).toContain('verification_success=true');
      expect(await screen.findByRole('dialog', { name: 'Welcome on board' })).toBeVisible();
    });

    it('checks again when the window gets focus, and goes where the user was headed', async () => {
      const state = serveUntilVerified();
      const redirect = '/billing?upgrade=team';
      const { router } = renderApp(
        `/verify-email?email=ada%40example.com&redirect=${encodeURIComponent(redirect)}`,
      );
      await waitForTheSignedInWaitingPage();
      state.verified = true;
      // What a browser sends when the user comes back to the tab.
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    });
  });

  it('/reset-password sends a session to /dashboard', async () => {
    serve(sessionFor({ needsVerification: true }));
    const { router } = renderApp('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/reset-password'));
  });

  it('public pages are open to visitors', async () => {
    serve(LOGGED_OUT_SESSION);
    const pages: [string, string][] = [
      ['/pricing', 'Pricing'],
      ['/privacy-policy', 'Privacy policy'],
      ['/terms-of-service', 'Terms of service'],
    ];
    for (const [path, heading] of pages) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      view.unmount();
    }
  });

  it('selects a workspace on protected pages but not on public ones', async () => {
    serve(sessionFor());
    const pricing = renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await screen.findByLabelText('Workspace');
    expect(pricing.router.state.location.search).toBe('');
    pricing.unmount();

    const dashboard = renderApp('/dashboard');
    // No URL choice and nothing stored: the first workspace where the user is admin.
    await waitFor(() => expect(dashboard.router.state.location.search).toBe('?workspace=ws-admin'));
    expect(window.localStorage.getItem('expiry-radar:last-workspace')).toBe('ws-admin');
  });

  it('shows the not-found page for unknown paths', async () => {
    serve(LOGGED_OUT_SESSION);
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
