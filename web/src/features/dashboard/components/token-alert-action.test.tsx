import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { tokenFixture } from '../../../../test-support/token-fixtures';
import { resetApiClientState } from '../../../lib/api-client';
import { TokenAlertAction } from './token-alert-action';

beforeEach(() => resetApiClientState());

const token = tokenFixture({ id: 'ws-1.tok-1', expiresAt: '2030-01-20' });
const NOW = new Date('2030-01-01T10:00:00.000Z');
const snoozed = {
  kind: 'snoozed',
  expires_at: '2030-01-20',
  snoozed_until: '2030-01-12',
  renewed_expires_at: null,
  by: 'ada@example.com',
  at: '2030-01-01T09:00:00.000Z',
};

function serve() {
  let action: Record<string, unknown> | null = snoozed;
  return installFetchMock({
    'GET /api/session': () => jsonResponse({ loggedIn: false, user: null }),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/tokens/ws-1.tok-1/alert-action': () => jsonResponse({ action }),
    'PUT /api/tokens/ws-1.tok-1/alert-action': ({ body }) => {
      const { kind } = body as { kind: string };
      action = kind === 'none' ? null : { ...snoozed, kind, snoozed_until: null };
      return jsonResponse({ action });
    },
  });
}

describe('a token’s alert action in its details', () => {
  it('says who snoozed it until when, and lets an editor acknowledge or clear it', async () => {
    const { requests } = serve();
    renderRoutes(
      [{ path: '/', element: <TokenAlertAction token={token} canEdit now={NOW} /> }],
      '/',
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/^Snoozed until .+ by ada@example\.com$/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(
      await screen.findByText('Acknowledged by ada@example.com: no more alerts for this expiry'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Alert as scheduled' }));
    expect(await screen.findByText('Alerts go out as the thresholds say')).toBeVisible();
    expect(
      requests.filter((request) => request.method === 'PUT').map((request) => request.body),
    ).toEqual([{ kind: 'acknowledged' }, { kind: 'none' }]);
  });

  it('shows the action to a viewer without the buttons', async () => {
    serve();
    renderRoutes(
      [{ path: '/', element: <TokenAlertAction token={token} canEdit={false} now={NOW} /> }],
      '/',
    );
    expect(await screen.findByText(/^Snoozed until/)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
