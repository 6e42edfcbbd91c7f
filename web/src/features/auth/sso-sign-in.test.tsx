import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import {
  LOGGED_OUT_SESSION,
  installFetchMock,
  jsonResponse,
} from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { SSO_ERROR_MESSAGES, SSO_NEEDS_EMAIL, SSO_NOT_SET_UP } from './components/sso-sign-in';

const SSO_REQUIRED =
  'Your organization signs in with single sign-on. Use "Continue with SSO" with this address.';

function serve() {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'POST /auth/login': () => jsonResponse({ error: SSO_REQUIRED, code: 'SSO_REQUIRED' }, 403),
    'POST /auth/sso/lookup': () => jsonResponse({ sso: false, required: false, sign_in_url: null }),
  });
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('signing in with SSO on the login page', () => {
  it('says where to sign in when the password form is refused, and when SSO is not set up', async () => {
    const { requests } = serve();
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText(SSO_NEEDS_EMAIL)).toBeVisible();

    await user.type(screen.getByLabelText(/^Email/), 'ada@acme.example');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(SSO_REQUIRED)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText(SSO_NOT_SET_UP)).toBeVisible();
    expect(requests.find((r) => r.path === '/auth/sso/lookup')?.body).toEqual({
      email: 'ada@acme.example',
    });
  });

  it('explains a refused SSO answer the server sent back', async () => {
    serve();
    renderApp('/login?error=sso_sign_in_failed');
    expect(await screen.findByText(SSO_ERROR_MESSAGES.sso_sign_in_failed!)).toBeVisible();
  });
});
