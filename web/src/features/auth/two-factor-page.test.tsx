import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import {
  LOGGED_OUT_SESSION,
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RouteHandler,
} from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';

function serve(routes: Record<string, RouteHandler> = {}) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [] }),
    'GET /api/tokens': () =>
      jsonResponse({ items: [], total: 0, facets: { category: {}, section: [] } }),
    ...routes,
  });
}

const signedIn = { ...sessionFor(), user: { ...sessionFor().user, twoFactorEnabled: true } };

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('login with two-factor authentication', () => {
  it('goes on to the second step when the password was right', async () => {
    const { requests } = serve({
      'POST /auth/login': () =>
        jsonResponse({
          loggedIn: false,
          twoFactorRequired: true,
          features: { googleSignIn: false },
        }),
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/two-factor'));
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
    expect(requests.filter((r) => r.path === '/auth/login')).toHaveLength(1);
  });
});

describe('second step page', () => {
  it('asks for a code, sends it, and lands signed in', async () => {
    const { requests } = serve({ 'POST /auth/two-factor': () => jsonResponse(signedIn) });
    const { router } = renderApp('/login/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeVisible();
    expect(requests.some((r) => r.path === '/auth/two-factor')).toBe(false);

    const field = screen.getByLabelText(/Authentication code/);
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.path === '/auth/two-factor')?.body).toEqual({ code: '123456' });
  });

  it('takes a recovery code instead, and goes where Google sign-in asked', async () => {
    const { requests } = serve({
      'POST /auth/two-factor': () => jsonResponse({ ...signedIn, redirectTo: '/preferences' }),
    });
    const { router } = renderApp('/login/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preferences'));
    expect(requests.find((r) => r.path === '/auth/two-factor')?.body).toEqual({
      code: 'abcd-efgh-jkmn-pqrs',
    });
  });

  it('says what the server refused: a wrong code, then the lock', async () => {
    let calls = 0;
    serve({
      'POST /auth/two-factor': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              {
                error:
                  'That code is not valid. Enter the current code from your authenticator app.',
                code: 'INVALID_TWO_FACTOR_CODE',
              },
              400,
            )
          : jsonResponse(
              {
                error: 'Too many wrong codes: two-factor checks are locked. Try again in 15 min.',
                code: 'RATE_LIMITED',
                details: [{ path: 'retryAfterSeconds', message: '900' }],
              },
              429,
            );
      },
    });
    renderApp('/login/two-factor');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Authentication code/);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'That code is not valid. Enter the current code from your authenticator app.',
      ),
    ).toBeVisible();
    expect(field).toHaveValue('');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Too many wrong codes: two-factor checks are locked. Try again in 15 min.',
      ),
    ).toBeVisible();
  });

  it('sends back to sign in when the pending sign-in has expired', async () => {
    serve({
      'POST /auth/two-factor': () =>
        jsonResponse(
          {
            error: 'Your sign-in has expired. Please sign in again.',
            code: 'TWO_FACTOR_SIGN_IN_EXPIRED',
          },
          401,
        ),
    });
    const { router } = renderApp('/login/two-factor');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your sign-in has expired. Please sign in again.'),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
