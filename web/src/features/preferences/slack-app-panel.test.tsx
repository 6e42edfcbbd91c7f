import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { PreferencesPage } from './preferences-page';

const SLACK_PATH = '/api/v1/workspaces/ws-1/slack-installation';

const installed = {
  team_id: 'T1',
  team_name: 'Acme',
  channel_id: 'C1',
  channel_name: 'ops-alerts',
  status: 'active',
  revoked_reason: null,
  revoked_at: null,
  installed_by: 'ada@example.com',
  installed_at: '2026-11-01T10:00:00.000Z',
};

function serve(role: string, installation: Record<string, unknown> | null) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () =>
      jsonResponse({ items: [{ id: 'ws-1', name: 'Main', plan: 'pro', role, is_frozen: false }] }),
    'GET /api/v1/workspaces/ws-1/alert-settings': () =>
      jsonResponse({
        email_alerts_enabled: true,
        webhook_urls: [],
        contact_groups: [],
        default_contact_group_id: null,
        thresholds: [30, 14, 7, 1, 0],
        delivery_window: null,
        admin_email: 'ada@example.com',
        limits: { contact_groups: true, webhooks: 5 },
        webhook_signing_secret: 'whsec_test_secret',
        updated_at: null,
      }),
    'GET /api/alert-queue': () => jsonResponse({ items: [], total: 0 }),
    [`GET ${SLACK_PATH}`]: () => jsonResponse({ available: true, plan_allows: true, installation }),
    [`DELETE ${SLACK_PATH}`]: () => jsonResponse({ ok: true }),
  });
}

async function slackSection() {
  return within(await screen.findByRole('region', { name: 'Slack app' }));
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('the Slack app on the Alerts page', () => {
  it('says a revoked installation sends alerts by email, and an admin removes it', async () => {
    const { requests } = serve('admin', {
      ...installed,
      status: 'revoked',
      revoked_reason: 'token_revoked',
      revoked_at: '2026-11-20T08:00:00.000Z',
    });
    renderRoutes(
      [{ path: '/preferences', element: <PreferencesPage /> }],
      '/preferences?workspace=ws-1',
    );
    const section = await slackSection();
    expect(
      await section.findByText(/alerts go by email instead until an admin adds it to Slack again/),
    ).toBeInTheDocument();
    expect(section.getByText(/token_revoked/)).toBeInTheDocument();
    expect(
      section.getByRole('button', { name: 'Add to Slack again (another channel)' }),
    ).toBeEnabled();

    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'Remove the Slack app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Slack app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'DELETE' && request.path === SLACK_PATH),
      ).toBe(true),
    );
  });

  it("shows where alerts go and what Slack's redirect came to; viewers get no buttons", async () => {
    serve('viewer', installed);
    renderRoutes(
      [{ path: '/preferences', element: <PreferencesPage /> }],
      '/preferences?workspace=ws-1&slack=installed',
    );
    const section = await slackSection();
    expect(await section.findByText('#ops-alerts')).toBeInTheDocument();
    expect(
      section.getByText('The Slack app is installed: alerts go to the channel you chose.'),
    ).toBeInTheDocument();
    expect(section.queryByRole('button')).toBeNull();
    expect(section.getByText('Only admins add or remove the Slack app.')).toBeInTheDocument();
  });
});
