import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock, jsonResponse } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';

beforeEach(() => resetApiClientState());

const LINK = {
  action: 'snooze',
  snooze_days: 7,
  recipient: 'ada@example.com',
  workspace: { id: 'ws-1', name: 'Platform' },
  token: { id: 'tok-1', name: 'api.example.com', expires_at: '2030-01-20', monitored: false },
  suggested_until: '2030-01-08',
  latest_until: '2030-01-20',
  current: null,
};

function serve(link: Record<string, unknown> = LINK) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse({ loggedIn: false, user: null }),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/alert-actions': ({ url }) => {
      const token = url.searchParams.get('token');
      if (token === 'a1.signed') return jsonResponse(link);
      if (token === 'a1.viewer') {
        return jsonResponse(
          {
            error: 'You can no longer renew this token: viewers have read-only access.',
            code: 'FORBIDDEN',
          },
          403,
        );
      }
      return jsonResponse(
        token === 'a1.outdated'
          ? {
              error:
                'This alert is out of date: api.example.com now expires on 2031-01-20. Nothing was changed.',
              code: 'INVALID_LINK',
              details: [{ path: 'tokenExpiresOn', message: '2031-01-20' }],
            }
          : {
              error:
                'This link was used already: each link works once. Use the links of a recent alert, or open the token in Expiry Radar.',
              code: 'INVALID_LINK',
            },
        400,
      );
    },
    'POST /api/alert-actions': ({ body }) => {
      const { until } = (body ?? {}) as { until?: string };
      if (until && until > '2030-01-20') {
        return jsonResponse(
          {
            error: 'A snooze cannot last past the expiry: pick a date up to 2030-01-20.',
            code: 'VALIDATION_ERROR',
            details: [{ path: 'tokenExpiresOn', message: '2030-01-20' }],
          },
          400,
        );
      }
      return jsonResponse({
        message: `Snoozed: no alerts for api.example.com until ${until ?? ''}.`,
        state: {
          kind: 'snoozed',
          expires_at: '2030-01-20',
          snoozed_until: until ?? null,
          renewed_expires_at: null,
          by: 'ada@example.com',
          at: '2030-01-01T10:00:00.000Z',
        },
      });
    },
  });
}

describe('alert action page', () => {
  it('asks first, shows a refusal, and snoozes on its button', async () => {
    const { requests } = serve();
    renderApp('/alert-action?token=a1.signed');
    const user = userEvent.setup();
    expect(
      await screen.findByText(/^Snooze the alerts of api\.example\.com \(Platform\)\?/),
    ).toBeVisible();
    // Opening the page changes nothing.
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    const date = screen.getByLabelText(/Snooze until/);
    expect(date).toHaveValue('2030-01-08');
    await user.clear(date);
    await user.type(date, '2030-02-01');
    await user.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(
      await screen.findByText(
        'A snooze cannot last past the expiry: pick a date up to Jan 20, 2030.',
      ),
    ).toBeVisible();
    await user.clear(date);
    await user.type(date, '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(
      await screen.findByText('Snoozed: no alerts for api.example.com until Jan 15, 2030.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
  });

  it('says why a link does not work, without a button', async () => {
    serve();
    renderApp('/alert-action?token=a1.used');
    expect(
      await screen.findByText(
        'This link was used already: each link works once. Use the links of a recent alert, or open the token in Expiry Radar.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Snooze|Acknowledge|Renew/ })).toBeNull();
  });

  it('offers no renewal form to a recipient who may not renew', async () => {
    const { requests } = serve();
    renderApp('/alert-action?token=a1.viewer');
    expect(
      await screen.findByText('You can no longer renew this token: viewers have read-only access.'),
    ).toBeVisible();
    expect(screen.queryByLabelText(/New expiry date/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record the renewal' })).toBeNull();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('writes the new expiry of an out-of-date link as the page writes dates', async () => {
    serve();
    renderApp('/alert-action?token=a1.outdated');
    expect(
      await screen.findByText(
        'This alert is out of date: api.example.com now expires on Jan 20, 2031. Nothing was changed.',
      ),
    ).toBeVisible();
  });

  it('offers the endpoint check for a monitored certificate', async () => {
    serve({
      ...LINK,
      action: 'renewed',
      snooze_days: null,
      suggested_until: null,
      token: { ...LINK.token, monitored: true },
    });
    renderApp('/alert-action?token=a1.signed');
    expect(await screen.findByRole('button', { name: 'Check the endpoint now' })).toBeVisible();
    expect(screen.queryByLabelText(/New expiry date/)).toBeNull();
  });
});
