import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock, jsonResponse } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';

beforeEach(() => resetApiClientState());

function serve() {
  let subscribed = true;
  return installFetchMock({
    'GET /api/session': () => jsonResponse({ loggedIn: false, user: null }),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'POST /api/alert-emails/unsubscribe': ({ url }) => {
      if (url.searchParams.get('token') !== 'v1.signed') {
        return jsonResponse(
          {
            error: 'This unsubscribe link is not valid. Use the link of a recent alert email.',
            code: 'VALIDATION_ERROR',
          },
          400,
        );
      }
      subscribed = url.searchParams.get('resume') === 'true';
      return jsonResponse({
        address: 'ada@example.com',
        workspaces: [
          { id: 'ws-1', name: 'Platform' },
          { id: 'ws-2', name: 'Payments' },
        ],
        subscribed,
      });
    },
  });
}

describe('unsubscribe page', () => {
  it('asks first, stops the emails, and resumes them', async () => {
    const { requests } = serve();
    renderApp('/unsubscribe?token=v1.signed');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Alert emails' });
    // Opening the page changes nothing.
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(
      await screen.findByText(
        'ada@example.com no longer gets alert emails for Platform and Payments. Webhooks and other recipients are not affected.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume these emails' }));
    expect(
      await screen.findByText(
        'Alert emails for Platform and Payments go to ada@example.com again.',
      ),
    ).toBeVisible();
    expect(
      requests
        .filter((request) => request.method === 'POST')
        .map((request) => request.url.searchParams.get('resume')),
    ).toEqual([null, 'true']);
  });

  it('says why a link does not work', async () => {
    serve();
    renderApp('/unsubscribe?token=forged');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stop these emails' }));
    expect(
      await screen.findByText(
        'This unsubscribe link is not valid. Use the link of a recent alert email.',
      ),
    ).toBeVisible();
  });

  it('stops and resumes the weekly summary its link names', async () => {
    let subscribed = true;
    const { requests } = installFetchMock({
      'GET /api/session': () => jsonResponse({ loggedIn: false, user: null }),
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'POST /api/alert-emails/unsubscribe': ({ url }) => {
        subscribed = url.searchParams.get('resume') === 'true';
        return jsonResponse({
          kind: 'weekly_summary',
          address: 'ada@example.com',
          workspaces: [],
          subscribed,
        });
      },
    });
    renderApp('/unsubscribe?token=v1.summary&about=weekly-summary');
    const user = userEvent.setup();
    expect(
      await screen.findByText(
        'Stop the weekly summary this link was sent with? Your address will no longer get it; you can resume it here.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stop the weekly summary' }));
    expect(
      await screen.findByText(
        'ada@example.com no longer gets the weekly summary. Alert emails are not affected; you can turn it on again in Account settings.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume the weekly summary' }));
    expect(
      await screen.findByText('The weekly summary goes to ada@example.com again.'),
    ).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });
});
