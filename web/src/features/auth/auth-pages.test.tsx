import { act, screen, waitFor, within } from '@testing-library/react';
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
import { logger } from '../../lib/logger';
import { resetToastHistory } from '../../lib/toasts';
import { INVALID_VERIFICATION_LINK_REDIRECT } from '@expiry-radar/shared/api/verification-link';
import { SESSION_CHECK } from '@expiry-radar/shared/constants/timing';

function serve(routes = {}) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [] }),
    ...routes,
  });
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  window.sessionStorage.clear();
});
afterEach(() => toast.remove());

describe('login page', () => {
  it('validates the fields before sending anything', async () => {
    const { requests } = serve();
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(requests.some((r) => r.path === '/auth/login')).toBe(false);
  });

  it('signs in with the CSRF header and goes to the dashboard', async () => {
    const { requests } = serve({
      'POST /auth/login': () => jsonResponse(sessionFor()),
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), ' Ada@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const login = requests.find((r) => r.path === '/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'correct horse battery' });
    expect(login?.headers.get('X-CSRF-Token')).toBe('csrf');
  });

  it('returns to the protected page that sent the visitor to sign in', async () => {
    serve({ 'POST /auth/login': () => jsonResponse(sessionFor()) });
    const { router } = renderApp('/help');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('shows the server message when the credentials are wrong (the 401 toast is silent)', async () => {
    const errorToast = jest.spyOn(toast, 'error');
    window.history.pushState({}, '', '/login');
    serve({
      'POST /auth/login': () =>
        jsonResponse({ error: 'Invalid email or password', code: 'UNAUTHORIZED' }, 401),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    expect(errorToast).not.toHaveBeenCalled();
    errorToast.mockRestore();
    window.history.pushState({}, '', '/');
  });

  it('says a bare 401 in the same words as the API refuses a password', async () => {
    serve({ 'POST /auth/login': () => new Response(null, { status: 401 }) });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    window.history.pushState({}, '', '/');
  });

  it('never calls a wrong password an expired session, in the page, a toast or the log', async () => {
    const errorToast = jest.spyOn(toast, 'error');
    const logged = [
      jest.spyOn(logger, 'warn').mockImplementation(() => undefined),
      jest.spyOn(logger, 'info').mockImplementation(() => undefined),
      jest.spyOn(logger, 'error').mockImplementation(() => undefined),
    ];
    serve({
      'POST /auth/login': () =>
        jsonResponse({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    const said = logged.flatMap((spy) => spy.mock.calls.flat().map(String)).join('\n');
    expect(said).not.toMatch(/session has expired/i);
    expect(screen.queryByText(/session has expired/i)).toBeNull();
    expect(errorToast).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    for (const spy of logged) spy.mockRestore();
    errorToast.mockRestore();
  });

  it('offers Google sign-in only when the server says it is configured', async () => {
    serve();
    const first = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    first.unmount();

    serve({
      'GET /api/session': () => jsonResponse({ loggedIn: false, features: { googleSignIn: true } }),
    });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/auth/google',
    );
  });
});

describe('register page', () => {
  it('applies the password policy before sending', async () => {
    const { requests } = serve();
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 12 characters')).toBeVisible();
    expect(requests.some((r) => r.path === '/auth/register')).toBe(false);
  });

  it('registers, remembers the pending welcome and goes to check the inbox, signed out', async () => {
    const { requests } = serve({
      'POST /auth/register': () => jsonResponse({ ok: true }, 202),
    });
    const { router } = renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long and unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(requests.find((r) => r.path === '/auth/register')?.body).toEqual({
      email: 'ada@example.com',
      password: 'a long and unusual passphrase',
      name: 'Ada',
    });
    // Pending for the account this registration made, if it made one (registeredAt: now).
    expect(window.localStorage.getItem('expiry-radar:pending-welcome')).toMatch(/^registered:20/);
    // The answer is the same for a taken address, so the page says only that an email went out.
    expect(await screen.findByText(/We sent an email to/)).toHaveTextContent(
      'We sent an email to ada@example.com. Open its link to finish, then sign in.',
    );
    expect(screen.getByRole('link', { name: 'Sign in to resend the email' })).toBeVisible();
    // The email was just sent: "Resend" counts down from now, once signed in.
    expect(window.sessionStorage.getItem('expiry-radar:link-email-cooldown')).toContain(
      'ada@example.com',
    );
  });

  it('shows a refusal of the server in the form', async () => {
    serve({
      'POST /auth/register': () =>
        jsonResponse({ error: 'Too many requests. Please wait a moment and try again.' }, 429),
    });
    const { router } = renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long and unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/register');
  });
});

describe('signing in after a used verification link', () => {
  it('fills in the address in the browser that registered it', async () => {
    const served = serve({
      'GET /auth/registration': () => jsonResponse({ verified: true, email: 'ada@example.com' }),
    });
    const { router } = renderApp('/dashboard?verification_success=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Your email address is verified. Sign in to continue.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com'));
    expect(served.requests.filter((r) => r.path === '/auth/registration')).toHaveLength(1);
  });

  it('says the address is verified, then lands on the welcome', async () => {
    // Another browser than the one that registered: nothing to fill in.
    serve({
      'GET /auth/registration': () => jsonResponse({ verified: false }),
      'POST /auth/login': () => jsonResponse(sessionFor()),
    });
    const { router } = renderApp('/dashboard?verification_success=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Your email address is verified. Sign in to continue.'),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toContain('verification_success=true');
  });
});

describe('the waiting page after registering (no session), verified in another browser', () => {
  function serveUntilVerified(session: unknown = LOGGED_OUT_SESSION) {
    const state = { verified: false };
    const served = serve({
      'GET /api/session': () => jsonResponse(session),
      'GET /auth/registration': () => jsonResponse({ verified: state.verified }),
      'POST /auth/login': () => jsonResponse(sessionFor()),
    });
    const checks = () => served.requests.filter((r) => r.path === '/auth/registration').length;
    return { state, checks };
  }

  const waitAFewSeconds = () =>
    act(() => jest.advanceTimersByTimeAsync(SESSION_CHECK.verificationWatchMs));

  function setTabHidden(hidden: boolean) {
    if (hidden) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    } else {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
  }

  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => {
    setTabHidden(false);
    jest.useRealTimers();
  });

  it('checks every few seconds, then goes to sign-in saying so, the address filled in', async () => {
    const { state, checks } = serveUntilVerified();
    const { router } = renderApp('/verify-email?email=ada%40example.com');
    expect(await screen.findByText(/We sent an email to/)).toBeVisible();
    await waitFor(() => expect(checks()).toBe(1));
    await waitAFewSeconds();
    expect(checks()).toBe(2);
    expect(router.state.location.pathname).toBe('/verify-email');

    state.verified = true;
    await waitAFewSeconds();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(
      await screen.findByText('Your email address is verified. Sign in to continue.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');

    // Signed in, it lands where the link itself would have: the dashboard's welcome.
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toContain('verification_success=true');
  });

  it('keeps where the user was headed (a plan chosen on /pricing) on the way to sign-in', async () => {
    const { state } = serveUntilVerified();
    state.verified = true;
    const redirect = '/billing?upgrade=team';
    const { router } = renderApp(
      `/verify-email?email=ada%40example.com&redirect=${encodeURIComponent(redirect)}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('email')).toBe('ada@example.com');
    expect(search.get('redirect')).toBe(redirect);
    expect(
      await screen.findByText('Your email address is verified. Sign in to continue.'),
    ).toBeVisible();
  });

  it('stays while the registration is not verified (a taken address never is)', async () => {
    const { checks } = serveUntilVerified();
    const { router } = renderApp('/verify-email?email=ada%40example.com');
    await waitFor(() => expect(checks()).toBe(1));
    await waitAFewSeconds();
    await waitAFewSeconds();
    expect(checks()).toBe(3);
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(screen.getByText(/We sent an email to/)).toHaveTextContent(
      'We sent an email to ada@example.com. Open its link to finish, then sign in.',
    );
  });

  it('does not check while the tab is hidden, and checks at once when it is back', async () => {
    const { state, checks } = serveUntilVerified();
    const { router } = renderApp('/verify-email?email=ada%40example.com');
    await waitFor(() => expect(checks()).toBe(1));
    setTabHidden(true);
    state.verified = true;
    await waitAFewSeconds();
    await waitAFewSeconds();
    expect(checks()).toBe(1);
    expect(router.state.location.pathname).toBe('/verify-email');

    setTabHidden(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(checks()).toBe(2);
  });

  it('leaves a signed-in waiting page to its session check', async () => {
    const { checks } = serveUntilVerified(sessionFor({ needsVerification: true }));
    renderApp('/verify-email?email=ada%40example.com');
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await waitAFewSeconds();
    expect(checks()).toBe(0);
  });
});

describe('an invitation email link', () => {
  const preview = () =>
    jsonResponse({ workspace_name: 'Client Acme', inviter_name: 'Ada Lovelace' });

  it('fills in the address on /register and names the workspace and the inviter', async () => {
    const { requests } = serve({ 'GET /api/invitations/preview': preview });
    renderApp('/register?email=grace%40example.com&invitation=inv-1');
    expect(
      await screen.findByText('You were invited to Client Acme by Ada Lovelace'),
    ).toBeVisible();
    expect(screen.getByText(/Create your account with the invited address/)).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('grace@example.com');
    const asked = requests.find((r) => r.path === '/api/invitations/preview');
    expect(Object.fromEntries(asked!.url.searchParams)).toEqual({
      email: 'grace@example.com',
      invitation: 'inv-1',
    });
  });

  it('fills in the address on /login for an invited account', async () => {
    serve({ 'GET /api/invitations/preview': preview });
    renderApp('/login?email=grace%40example.com&invitation=inv-1');
    expect(
      await screen.findByText('You were invited to Client Acme by Ada Lovelace'),
    ).toBeVisible();
    expect(screen.getByText(/Sign in with the invited address/)).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('grace@example.com');
  });

  it('says only that there is an invitation when the names cannot be had, without a toast', async () => {
    const errorToast = jest.spyOn(toast, 'error');
    serve();
    renderApp('/register?email=grace%40example.com&invitation=gone');
    expect(await screen.findByText('You were invited to a workspace')).toBeVisible();
    expect(errorToast).not.toHaveBeenCalled();
    errorToast.mockRestore();
  });

  it('says only that there is an invitation for an older link without an id', async () => {
    const { requests } = serve();
    renderApp('/register?email=grace%40example.com&invitation=1');
    expect(await screen.findByText('You were invited to a workspace')).toBeVisible();
    expect(requests.some((r) => r.path === '/api/invitations/preview')).toBe(false);
  });
});

describe('an invitation email link opened signed in', () => {
  const invitation = (id: string, workspace: string) => ({
    id,
    workspace_id: `w-${id}`,
    workspace_name: workspace,
    role: 'viewer',
    invited_by_name: 'Grace Hopper',
    invited_at: '2026-11-01T10:00:00.000Z',
  });

  it('to another address says whose it is, and signs out back to the same link', async () => {
    let loggedIn = true;
    serve({
      'GET /api/session': () => jsonResponse(loggedIn ? sessionFor() : LOGGED_OUT_SESSION),
      'POST /api/logout': () => {
        loggedIn = false;
        return jsonResponse({ ok: true });
      },
      'GET /api/invitations/preview': () =>
        jsonResponse({ workspace_name: 'Client Acme', inviter_name: 'Grace Hopper' }),
    });
    // Signed out, the page is shown from its top.
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const link = '/login?email=dave%40example.com&invitation=inv-1';
    const { router } = renderApp(link);
    expect(
      await screen.findByText(
        'This invitation is for dave@example.com. Sign out to accept it with that address.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByText('You were invited to Client Acme by Grace Hopper'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('dave@example.com');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(link);
    scrollTo.mockRestore();
  });

  it('to their own address offers that invitation at once', async () => {
    serve({
      'GET /api/session': () => jsonResponse(sessionFor()),
      'GET /api/invitations': () =>
        jsonResponse({ items: [invitation('inv-2', 'Other'), invitation('inv-1', 'Client Acme')] }),
    });
    const { router } = renderApp('/login?email=Ada%40Example.com&invitation=inv-1');
    const offered = await screen.findByRole('listitem', { name: 'Invitation to Client Acme' });
    expect(router.state.location.pathname).toBe('/workspaces');
    expect(offered).toHaveAttribute('aria-current', 'true');
    await waitFor(() =>
      expect(within(offered).getByRole('button', { name: 'Accept' })).toHaveFocus(),
    );
    expect(screen.getByRole('listitem', { name: 'Invitation to Other' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});

describe('a plan chosen before registering (?redirect=)', () => {
  const redirect = '/billing?upgrade=pro&period=yearly';

  it('goes with the registration, to the verification page and its sign-in link', async () => {
    const { requests } = serve({
      'POST /auth/register': () => jsonResponse({ ok: true }, 202),
    });
    const { router } = renderApp(`/register?redirect=${encodeURIComponent(redirect)}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(redirect)}`,
    );
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long and unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(redirect);
    expect(requests.find((r) => r.path === '/auth/register')?.body).toMatchObject({ redirect });
  });

  it('is dropped when it is not an app path', async () => {
    const { requests } = serve({
      'POST /auth/register': () => jsonResponse({ ok: true }, 202),
    });
    const { router } = renderApp(`/register?redirect=${encodeURIComponent('//evil.example')}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long and unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(requests.find((r) => r.path === '/auth/register')?.body).not.toHaveProperty('redirect');
  });

  it('goes with a resent verification email', async () => {
    const { requests } = serve({
      'GET /api/session': () => jsonResponse(sessionFor({ needsVerification: true })),
      'POST /auth/verify-email/resend': () => jsonResponse({ ok: true }),
    });
    renderApp(`/verify-email?email=ada%40example.com&redirect=${encodeURIComponent(redirect)}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new verification email is on its way.')).toBeVisible();
    expect(requests.find((r) => r.path === '/auth/verify-email/resend')?.body).toEqual({
      redirect,
    });
  });

  it('takes a signed-in user there after signing in', async () => {
    serve({ 'POST /auth/login': () => jsonResponse(sessionFor()) });
    const { router } = renderApp(`/login?redirect=${encodeURIComponent(redirect)}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?redirect=${encodeURIComponent(redirect)}`,
    );
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
  });
});

describe('verify-email and reset-password pages', () => {
  it('resends the verification email', async () => {
    const { requests } = serve({
      'GET /api/session': () => jsonResponse(sessionFor({ needsVerification: true })),
      'POST /auth/verify-email/resend': () => jsonResponse({ ok: true }),
    });
    renderApp('/verify-email?email=ada%40example.com');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new verification email is on its way.')).toBeVisible();
    expect(requests.some((r) => r.path === '/auth/verify-email/resend')).toBe(true);
  });

  it('signs in from the waiting page with the registered address filled in', async () => {
    serve();
    const { router } = renderApp('/verify-email?email=ada%40example.com');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?email=ada%40example.com',
    );
    await user.click(screen.getByRole('link', { name: 'Sign in to resend the email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });

  it('keeps counting down after a reload, and after a 429 says how long to wait', async () => {
    const { requests } = serve({
      'GET /api/session': () => jsonResponse(sessionFor({ needsVerification: true })),
      'POST /auth/verify-email/resend': () => jsonResponse({ ok: true }),
    });
    const first = renderApp('/verify-email?email=ada%40example.com');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(/^You can resend in (60|59) s$/)).toBeVisible();
    first.unmount();

    renderApp('/verify-email?email=ada%40example.com');
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeDisabled();
    expect(screen.getByText(/^You can resend in \d+ s$/)).toBeVisible();
    expect(requests.filter((r) => r.path === '/auth/verify-email/resend')).toHaveLength(1);
  });

  it('counts down as the server says after a 429', async () => {
    serve({
      'GET /api/session': () => jsonResponse(sessionFor({ needsVerification: true })),
      'POST /auth/verify-email/resend': () =>
        jsonResponse(
          {
            error: 'Too many requests. Please wait a moment and try again.',
            code: 'RATE_LIMITED',
            details: [{ path: 'retryAfterSeconds', message: '42' }],
          },
          429,
        ),
    });
    renderApp('/verify-email?email=grace%40example.com');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(/^You can resend in (42|41) s$/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeDisabled();
  });

  it('explains a verification link the server refused', async () => {
    serve();
    renderApp(INVALID_VERIFICATION_LINK_REDIRECT);
    // Signed out: most often a link used already, so its address is verified.
    expect(
      await screen.findByText(
        'This verification link is invalid or has expired. If you have verified your address already, sign in; if not, sign in to send yourself a new link.',
      ),
    ).toBeVisible();
  });

  it('requests a reset link, then sets a new password from the link', async () => {
    const { requests } = serve({
      'POST /auth/reset-password/request': () => jsonResponse({ ok: true }),
      'POST /auth/reset-password': () => jsonResponse({ ok: true }),
    });
    const first = renderApp('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for ada@example.com/)).toBeVisible();
    expect(requests.find((r) => r.path === '/auth/reset-password/request')?.body).toEqual({
      email: 'ada@example.com',
    });
    first.unmount();

    renderApp('/reset-password?token=tok123');
    await user.type(await screen.findByLabelText(/^New password/), 'a long and unusual passphrase');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'something else entirely');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(
      screen.getByLabelText(/^Confirm new password/),
      'a long and unusual passphrase',
    );
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeVisible();
    expect(requests.find((r) => r.path === '/auth/reset-password')?.body).toEqual({
      token: 'tok123',
      password: 'a long and unusual passphrase',
    });
  });

  it('offers a new link, not the password form again, when the link is used or expired', async () => {
    const { requests } = serve({
      'POST /auth/reset-password': () =>
        jsonResponse({ error: 'This link is invalid or has expired.', code: 'INVALID_LINK' }, 400),
    });
    const { router } = renderApp('/reset-password?token=used');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'a long and unusual passphrase');
    await user.type(
      screen.getByLabelText(/^Confirm new password/),
      'a long and unusual passphrase',
    );
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This link is invalid or has expired.')).toBeVisible();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Send a new link' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    expect(requests.filter((r) => r.path === '/auth/reset-password')).toHaveLength(1);
  });

  describe('resend cooldown', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
    afterEach(() => jest.useRealTimers());
    const typist = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const wait = (seconds: number) => act(() => jest.advanceTimersByTime(seconds * 1000));

    it('counts down before the verification email can be sent again', async () => {
      const { requests } = serve({
        'GET /api/session': () => jsonResponse(sessionFor({ needsVerification: true })),
        'POST /auth/verify-email/resend': () => jsonResponse({ ok: true }),
      });
      renderApp('/verify-email?email=ada%40example.com');
      const user = typist();
      const button = await screen.findByRole('button', { name: 'Resend verification email' });
      await user.click(button);
      expect(await screen.findByText('You can resend in 60 s')).toBeVisible();
      expect(button).toBeDisabled();
      wait(1);
      expect(screen.getByText('You can resend in 59 s')).toBeVisible();
      wait(59);
      expect(screen.queryByText(/You can resend in/)).not.toBeInTheDocument();
      expect(button).toBeEnabled();
      await user.click(button);
      await waitFor(() =>
        expect(requests.filter((r) => r.path === '/auth/verify-email/resend')).toHaveLength(2),
      );
      expect(await screen.findByText('You can resend in 60 s')).toBeVisible();
    });

    it('waits as long as the server says when it refuses a resend', async () => {
      const errorToast = jest.spyOn(toast, 'error');
      serve({
        'GET /api/session': () => jsonResponse(sessionFor({ needsVerification: true })),
        'POST /auth/verify-email/resend': () =>
          jsonResponse(
            {
              error: 'Too many requests. Please wait a moment and try again.',
              code: 'RATE_LIMITED',
              details: [{ path: 'retryAfterSeconds', message: '42' }],
            },
            429,
          ),
      });
      renderApp('/verify-email');
      const user = typist();
      const button = await screen.findByRole('button', { name: 'Resend verification email' });
      await user.click(button);
      expect(await screen.findByText('You can resend in 42 s')).toBeVisible();
      expect(button).toBeDisabled();
      expect(screen.queryByText('A new verification email is on its way.')).not.toBeInTheDocument();
      expect(errorToast).not.toHaveBeenCalled();
      errorToast.mockRestore();
    });

    it('counts down before the reset link can be sent again, then sends it to the same address', async () => {
      const { requests } = serve({
        'POST /auth/reset-password/request': () => jsonResponse({ ok: true }),
      });
      renderApp('/reset-password');
      const user = typist();
      await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByText('You can resend in 60 s')).toBeVisible();
      const again = screen.getByRole('button', { name: 'Send the link again' });
      expect(again).toBeDisabled();
      wait(60);
      expect(again).toBeEnabled();
      await user.click(again);
      expect(await screen.findByText('You can resend in 60 s')).toBeVisible();
      const sent = requests.filter((r) => r.path === '/auth/reset-password/request');
      expect(sent.map((r) => r.body)).toEqual([
        { email: 'ada@example.com' },
        { email: 'ada@example.com' },
      ]);
    });

    it('shows a long wait the server asks for in minutes and keeps the button disabled', async () => {
      serve({
        'POST /auth/reset-password/request': () =>
          jsonResponse(
            {
              error: 'Too many requests. Please wait a moment and try again.',
              code: 'RATE_LIMITED',
              details: [{ path: 'retryAfterSeconds', message: '1800' }],
            },
            429,
          ),
      });
      renderApp('/reset-password');
      const user = typist();
      await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByText('You can resend in 30 min')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
      expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument();
    });
  });
});

describe('login page limits', () => {
  it('says when the limit is about the account', async () => {
    const message =
      'Too many failed sign-ins for this account. Try again in 60 min or reset your password.';
    serve({
      'POST /auth/login': () =>
        jsonResponse(
          {
            error: message,
            code: 'RATE_LIMITED',
            details: [{ path: 'retryAfterSeconds', message: '3600' }],
          },
          429,
        ),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeVisible();
  });
});
