import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { CLIENT_ERROR_MESSAGES } from '@expiry-radar/shared/errors/client-error-message';
import { installFetchMock, jsonResponse, sessionFor } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { lastActiveText, SessionsSection } from './sessions-section';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const session = (overrides: Record<string, unknown> = {}) => ({
  id: 'AAAAAAAAAAAAAAAA',
  created_at: '2030-01-05T09:00:00.000Z',
  last_used_at: hoursAgo(0),
  expires_at: '2030-01-19T09:00:00.000Z',
  device: 'Chrome on Linux',
  sign_in_method: 'password',
  two_factor: false,
  current: true,
  ...overrides,
});

const phone = session({
  id: 'BBBBBBBBBBBBBBBB',
  created_at: '2030-01-03T09:00:00.000Z',
  last_used_at: hoursAgo(3),
  device: 'Safari on iPhone',
  sign_in_method: 'google',
  two_factor: true,
  current: false,
});

function serve(listed: () => Response, revoked: () => Response = () => jsonResponse({ ok: true })) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /auth/sessions': listed,
    'DELETE /auth/sessions/BBBBBBBBBBBBBBBB': revoked,
  });
}

function renderSection() {
  return renderRoutes([{ path: '/dashboard', element: <SessionsSection /> }], '/dashboard');
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe("account: where you're signed in", () => {
  it('lists each session with its device, sign-in method, start and last activity, this device marked', async () => {
    serve(() => jsonResponse({ items: [session(), phone] }));
    renderSection();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const current = within(list).getByRole('listitem', { name: 'Chrome on Linux, this device' });
    expect(current).toHaveTextContent(/Password · Signed in .* · Active now/);
    expect(within(current).getByText('This device')).toBeVisible();
    expect(within(current).queryByRole('button', { name: /Sign out/ })).toBeNull();
    const other = within(list).getByRole('listitem', { name: 'Safari on iPhone' });
    expect(other).toHaveTextContent(
      /Google and two-factor code · Signed in .* · Last active 3 hours ago/,
    );
    expect(screen.queryByText('No other sessions.')).toBeNull();
  });

  it('signs another session out after confirming, with a toast, and lists again', async () => {
    let items = [session(), phone];
    const { requests } = serve(
      () => jsonResponse({ items }),
      () => {
        items = [session()];
        return jsonResponse({ ok: true });
      },
    );
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out Safari on iPhone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.path)).toEqual(['/auth/sessions/BBBBBBBBBBBBBBBB']);
    expect(await screen.findByText('No other sessions.')).toBeVisible();
  });

  it('keeps the dialog open when signing out fails', async () => {
    serve(
      () => jsonResponse({ items: [session(), phone] }),
      () => jsonResponse({ error: 'Session not found.', code: 'NOT_FOUND' }, 404),
    );
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(CLIENT_ERROR_MESSAGES.notFound)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(screen.queryByText('Session signed out')).toBeNull();
  });

  it('says when only this device is signed in, and when the list cannot be loaded', async () => {
    serve(() => jsonResponse({ items: [session({ sign_in_method: null })] }));
    const { unmount } = renderSection();
    expect(await screen.findByText('No other sessions.')).toBeVisible();
    expect(
      screen.getByRole('listitem', { name: 'Chrome on Linux, this device' }),
    ).toHaveTextContent(/^Chrome on LinuxThis deviceSigned in/);
    unmount();

    serve(() => jsonResponse({ error: 'Internal error', code: 'INTERNAL' }, 500));
    renderSection();
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('lastActiveText', () => {
  const now = new Date('2030-01-10T12:00:00.000Z');
  it.each([
    ['2030-01-10T11:30:00.000Z', 'within the last hour'],
    ['2030-01-10T10:00:00.000Z', '2 hours ago'],
    ['2030-01-09T10:00:00.000Z', 'yesterday'],
    ['2030-01-05T12:00:00.000Z', '5 days ago'],
  ])('says %s was %s', (lastUsedAt, text) => {
    expect(lastActiveText(lastUsedAt, now)).toBe(text);
  });
});
