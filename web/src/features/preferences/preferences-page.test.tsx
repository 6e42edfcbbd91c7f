import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RouteHandler,
} from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { AlertsDisabledNotice } from './alerts-disabled-notice';
import { PreferencesPage } from './preferences-page';

const SETTINGS_PATH = '/api/v1/workspaces/ws-1/alert-settings';

function workspace(role = 'admin', plan = 'pro') {
  return { id: 'ws-1', name: 'Main', plan, role, is_frozen: false };
}

function settings(overrides: Record<string, unknown> = {}) {
  return {
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
    ...overrides,
  };
}

const queueItem = {
  id: 'alert-1',
  workspace_id: 'ws-1',
  token_id: 'tok-1',
  token_name: 'Payments API key',
  expires_at: '2030-01-15',
  threshold: 7,
  status: 'partial',
  dead_lettered: true,
  channels: [
    {
      channel: 'email',
      kind: 'email',
      status: 'sent',
      attempts: 1,
      last_error: null,
      recipients: [],
    },
    {
      channel: 'webhook:ops',
      kind: 'slack',
      status: 'failed',
      attempts: 3,
      last_error: 'Receiver answered 500',
      recipients: [],
    },
  ],
  attempts: 3,
  last_error: 'Receiver answered 500',
  next_attempt_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

function serve(
  routes: Record<string, RouteHandler> = {},
  options: { role?: string; plan?: string; settings?: Record<string, unknown> } = {},
) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () =>
      jsonResponse({ items: [workspace(options.role, options.plan)] }),
    [`GET ${SETTINGS_PATH}`]: () => jsonResponse(settings(options.settings)),
    'GET /api/alert-queue': () => jsonResponse({ items: [], total: 0 }),
    ...routes,
  });
}

function renderPage(element = <PreferencesPage />) {
  const { router } = renderRoutes(
    [
      { path: '/preferences', element },
      { path: '/dashboard', element },
    ],
    '/preferences?workspace=ws-1',
  );
  return { router };
}

async function settingsForm() {
  return within(await screen.findByRole('form', { name: 'Alert settings' }));
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('alert preferences with unsaved changes', () => {
  it('asks before leaving the page, and leaves only on Discard', async () => {
    serve();
    const { router } = renderPage();
    const user = userEvent.setup();
    await settingsForm();
    // Nothing changed yet: leaving asks nothing.
    await act(() => router.navigate('/dashboard'));
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(() => router.navigate('/preferences?workspace=ws-1'));

    const again = await settingsForm();
    await user.click(again.getByRole('switch', { name: 'Email alerts' }));
    await act(() => router.navigate('/dashboard'));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(router.state.location.pathname).toBe('/preferences');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/preferences');
    expect(again.getByRole('switch', { name: 'Email alerts' })).not.toBeChecked();

    await act(() => router.navigate('/dashboard'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('alert preferences', () => {
  it('adds a webhook, validates it, and saves the settings', async () => {
    let saved: unknown;
    const { requests } = serve({
      [`PUT ${SETTINGS_PATH}`]: (request) => {
        saved = request.body;
        return jsonResponse(
          settings({
            email_alerts_enabled: false,
            webhook_urls: [{ name: 'ops', kind: 'slack', url: 'https://hooks.slack.com/x' }],
            thresholds: [30, 7, 1],
          }),
        );
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    await user.click(form.getByRole('switch', { name: 'Email alerts' }));
    await user.click(form.getByRole('button', { name: 'Add webhook' }));
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(await form.findByText('Webhook name is required')).toBeVisible();
    expect(form.getByText('Webhook URL must be a valid http(s) URL')).toBeVisible();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    const webhook = form.getByRole('group', { name: 'Webhook 1' });
    await user.type(within(webhook).getByLabelText(/^Name/), 'ops');
    await user.click(within(webhook).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Slack' }));
    await user.click(within(webhook).getByLabelText(/^URL/));
    await user.paste('https://hooks.slack.com/x');
    const thresholds = form.getByLabelText('Alert thresholds (days before expiry)');
    await user.clear(thresholds);
    await user.type(thresholds, '7, 30, x');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(
      await form.findByText('Alert thresholds must be whole days between 0 and 365'),
    ).toBeVisible();
    await user.clear(thresholds);
    await user.type(thresholds, '7, 30, 1, 7');
    const grace = form.getByLabelText('Renewal grace (days before expiry)');
    await user.clear(grace);
    await user.type(grace, '400');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(
      await form.findByText('Renewal grace must be whole days between 1 and 365'),
    ).toBeVisible();
    await user.clear(grace);
    await user.type(grace, '10');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));

    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    expect(saved).toEqual({
      email_alerts_enabled: false,
      webhook_urls: [{ name: 'ops', kind: 'slack', url: 'https://hooks.slack.com/x' }],
      contact_groups: [],
      default_contact_group_id: null,
      thresholds: [30, 7, 1],
      delivery_window: null,
      renewal_grace_days: 10,
      rotate_signing_secret: false,
    });
    expect(requests.find((r) => r.method === 'PUT')?.headers.get('X-CSRF-Token')).toBe('csrf');
    await waitFor(() => expect(thresholds).toHaveValue('30, 7, 1'));
  }, 60_000);

  it('sets quiet hours: weekdays, times and a time zone, with the server’s messages', async () => {
    let saved: { delivery_window?: unknown } | undefined;
    serve({
      [`PUT ${SETTINGS_PATH}`]: (request) => {
        saved = request.body as typeof saved;
        return jsonResponse(settings({ delivery_window: saved?.delivery_window }));
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    expect(form.queryByLabelText('Time zone')).toBeNull();
    await user.click(
      form.getByRole('switch', { name: 'Send alerts only during a delivery window' }),
    );
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Europe/Zur');
    await user.click(await screen.findByRole('option', { name: 'Europe/Zurich' }));
    await user.click(form.getByRole('checkbox', { name: 'Fri' }));
    await user.click(form.getByRole('checkbox', { name: 'Sat' }));
    const until = form.getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '08:00');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(
      await form.findByText('The window must not start and end at the same time'),
    ).toBeVisible();
    await user.clear(until);
    await user.type(until, '17:30');
    await user.click(
      form.getByRole('checkbox', { name: 'Send expiry-day and expired alerts at any time' }),
    );
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    expect(saved?.delivery_window).toEqual({
      time_zone: 'Europe/Zurich',
      days: [1, 2, 3, 4, 6],
      start: '08:00',
      end: '17:30',
      urgent_any_time: false,
    });
  }, 60_000);

  it('shows the notice when neither email alerts nor a webhook is set', async () => {
    serve({}, { settings: { email_alerts_enabled: false } });
    renderPage();
    expect(await screen.findByText('Alerts are disabled until a channel is defined')).toBeVisible();
  });

  it('sends a test message to a webhook and reports the outcome', async () => {
    let attempts = 0;
    const { requests } = serve(
      {
        'POST /api/test-webhook': () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse({
                ok: true,
                message: 'Webhook test message sent successfully',
                status: 200,
              })
            : jsonResponse({ error: 'The receiver answered 404', code: 'VALIDATION_ERROR' }, 400);
        },
      },
      {
        settings: {
          webhook_urls: [
            {
              name: 'pager',
              kind: 'pagerduty',
              url: 'https://events.pagerduty.com/v2/enqueue',
              routing_key: 'R0UT1NG',
              severity: 'critical',
            },
          ],
        },
      },
    );
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    await user.click(form.getByRole('button', { name: 'Send test to pager' }));
    expect(await screen.findByText('Webhook test message sent successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/test-webhook')?.body).toEqual({
      url: 'https://events.pagerduty.com/v2/enqueue',
      kind: 'pagerduty',
      workspace_id: 'ws-1',
      extras: { routing_key: 'R0UT1NG', severity: 'critical' },
    });
    await user.click(form.getByRole('button', { name: 'Send test to pager' }));
    expect(await screen.findByText('The receiver answered 404')).toBeInTheDocument();
  });

  it('fills PagerDuty’s URL, explains Severity, and shows a refused test URL under the field', async () => {
    serve({
      'POST /api/test-webhook': () =>
        jsonResponse(
          {
            error: 'Validation failed',
            code: 'VALIDATION_ERROR',
            details: [{ path: 'url', message: 'Webhook URL must not point to a private address' }],
          },
          400,
        ),
    });
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    await user.click(form.getByRole('button', { name: 'Add webhook' }));
    const webhook = form.getByRole('group', { name: 'Webhook 1' });
    await user.type(within(webhook).getByLabelText(/^Name/), 'pager');
    await user.click(within(webhook).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'PagerDuty' }));
    const url = within(webhook).getByLabelText(/^URL/);
    expect(url).toHaveValue('https://events.pagerduty.com/v2/enqueue');
    expect(within(webhook).getByRole('combobox', { name: 'Severity' })).toHaveAccessibleDescription(
      'Automatic: critical once expired, error with 1 day left, warning within 7 days, info before. Choose one to send every alert at that severity.',
    );

    await user.type(within(webhook).getByLabelText(/^Routing key/), 'R0UT1NG');
    await user.clear(url);
    await user.click(url);
    await user.paste('https://10.0.0.5/hook');
    await user.click(form.getByRole('button', { name: 'Send test to pager' }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription('Webhook URL must not point to a private address'),
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
  }, 60_000);

  it('edits contact groups on paid workspaces and sends them with the default group', async () => {
    let saved: { contact_groups: { id: string }[]; default_contact_group_id: string } | undefined;
    serve({
      [`PUT ${SETTINGS_PATH}`]: (request) => {
        saved = request.body as typeof saved;
        return jsonResponse(settings());
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    await user.click(form.getByRole('button', { name: 'Add contact group' }));
    const group = form.getByRole('group', { name: 'Contact group 1' });
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(await form.findByText('Contact group name is required')).toBeVisible();
    await user.type(within(group).getByLabelText(/^Group name/), 'Security');
    await user.click(within(group).getByLabelText('Email addresses'));
    await user.paste('sec@example.com, not-mail');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(await form.findByText('Please enter a valid email address')).toBeVisible();
    await user.clear(within(group).getByLabelText('Email addresses'));
    await user.click(within(group).getByLabelText('Email addresses'));
    await user.paste('sec@example.com\nops@example.com');
    await user.click(form.getByRole('combobox', { name: 'Default contact group' }));
    await user.click(await screen.findByRole('option', { name: 'Security' }));
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    await screen.findByText('Alert settings saved');
    expect(saved?.contact_groups).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) as unknown,
        name: 'Security',
        emails: ['sec@example.com', 'ops@example.com'],
        webhook_names: [],
        escalation: null,
      },
    ]);
    expect(saved?.default_contact_group_id).toBe(saved?.contact_groups[0]?.id);
  }, 60_000);

  it('escalates a group to another after whole hours, and drops an escalation to a removed group', async () => {
    let saved: { contact_groups: { id: string; escalation: unknown }[] } | undefined;
    const groups = [
      { id: 'ops', name: 'Ops', emails: ['ops@example.com'], webhook_names: [] },
      { id: 'leads', name: 'Leads', emails: ['lead@example.com'], webhook_names: [] },
    ];
    serve(
      {
        [`PUT ${SETTINGS_PATH}`]: (request) => {
          saved = request.body as typeof saved;
          return jsonResponse(settings({ contact_groups: saved?.contact_groups }));
        },
      },
      { settings: { contact_groups: groups } },
    );
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    const ops = within(form.getByRole('group', { name: 'Ops' }));
    expect(ops.getByText('Used once a group to escalate to is chosen.')).toBeVisible();
    await user.click(ops.getByRole('combobox', { name: 'Escalate to' }));
    const choices = await screen.findAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['No escalation', 'Leads']);
    await user.click(screen.getByRole('option', { name: 'Leads' }));
    const delay = ops.getByLabelText('Escalate after (hours)');
    expect(delay).toHaveValue('24');
    expect(ops.getByText('Counted from the opening of its last alert window.')).toBeVisible();
    await user.clear(delay);
    await user.type(delay, '0');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(
      await ops.findByText('Escalation delay must be whole hours between 1 and 720'),
    ).toBeVisible();
    await user.clear(delay);
    await user.type(delay, '12');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    await screen.findByText('Alert settings saved');
    expect(saved?.contact_groups.map((group) => [group.id, group.escalation])).toEqual([
      ['ops', { group_id: 'leads', delay_hours: 12 }],
      ['leads', null],
    ]);

    await user.click(form.getByRole('button', { name: 'Remove Leads' }));
    expect(
      within(form.getByRole('group', { name: 'Ops' })).getByRole('combobox', {
        name: 'Escalate to',
      }),
    ).toHaveTextContent('No escalation');
  }, 60_000);

  it('shows which contact addresses bounce, and takes a fixed one off the list', async () => {
    const bounced = [
      { address: 'angry@example.com', reason: 'complaint', reported_at: '2030-01-03T00:00:00Z' },
      { address: 'gone@example.com', reason: 'bounce', reported_at: '2030-01-02T03:04:05Z' },
    ];
    const { requests } = serve(
      {
        'POST /api/v1/workspaces/ws-1/bounced-addresses/remove': () =>
          jsonResponse(settings({ bounced_addresses: bounced.slice(0, 1) })),
      },
      { settings: { bounced_addresses: bounced } },
    );
    renderPage();
    const form = await settingsForm();
    const notice = form.getByRole('alert', { name: 'Addresses that bounce' });
    expect(notice).toHaveTextContent('These addresses get no alert emails');
    expect(
      within(notice).getByText(/gone@example\.com: address bounced on 2030-01-02/),
    ).toBeVisible();
    expect(
      within(notice).getByText(/angry@example\.com: marked as spam on 2030-01-03/),
    ).toBeVisible();

    const user = userEvent.setup();
    await user.click(
      within(notice).getByRole('button', { name: 'Take gone@example.com off the list' }),
    );
    expect(
      await screen.findByText('Address taken off the suppression list: it gets alert emails again'),
    ).toBeInTheDocument();
    expect(
      requests.find((r) => r.path === '/api/v1/workspaces/ws-1/bounced-addresses/remove')?.body,
    ).toEqual({ address: 'gone@example.com' });
    expect(within(notice).queryByText(/gone@example\.com/)).toBeNull();
  });

  it('shows viewers the bounced addresses without a way to take them off the list', async () => {
    serve(
      {},
      {
        role: 'viewer',
        settings: {
          bounced_addresses: [
            { address: 'gone@example.com', reason: 'bounce', reported_at: '2030-01-02T03:04:05Z' },
          ],
        },
      },
    );
    renderPage();
    const form = await settingsForm();
    const notice = form.getByRole('alert', { name: 'Addresses that bounce' });
    expect(within(notice).getByText(/gone@example\.com/)).toBeVisible();
    expect(within(notice).queryByRole('button')).toBeNull();
  });

  it('shows no bounce notice when no address bounces', async () => {
    serve();
    renderPage();
    const form = await settingsForm();
    expect(form.queryByRole('alert', { name: 'Addresses that bounce' })).toBeNull();
  });

  it('shows contact groups disabled with an upgrade note on the free plan', async () => {
    serve({}, { plan: 'free', settings: { limits: { contact_groups: false, webhooks: 1 } } });
    renderPage();
    const form = await settingsForm();
    expect(
      form.getByText('Contact groups are available on the Pro, Team and Enterprise plans.'),
    ).toBeVisible();
    expect(form.getByRole('button', { name: 'Add contact group' })).toBeDisabled();
    expect(form.getByRole('combobox', { name: 'Default contact group' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it("marks the webhooks beyond the plan's limit as paused, the first ones kept", async () => {
    const webhook = (name: string) => ({
      name,
      kind: 'generic',
      url: `https://hooks.example.com/${name}`,
    });
    serve(
      {},
      {
        plan: 'free',
        settings: {
          webhook_urls: [webhook('ops'), webhook('oncall'), webhook('audit')],
          limits: { contact_groups: false, webhooks: 1 },
        },
      },
    );
    renderPage();
    const form = await settingsForm();
    const pausedLabel = "Paused (over your plan's limit)";
    expect(within(form.getByRole('group', { name: 'ops' })).queryByText(pausedLabel)).toBeNull();
    for (const name of ['oncall', 'audit']) {
      expect(within(form.getByRole('group', { name })).getByText(pausedLabel)).toBeVisible();
    }
  });

  it('is read-only for viewers', async () => {
    serve(
      {},
      {
        role: 'viewer',
        settings: {
          webhook_urls: [{ name: 'ops', kind: 'slack', url: 'https://hooks.slack.com' }],
          webhook_signing_secret: undefined,
        },
      },
    );
    renderPage();
    const form = await settingsForm();
    expect(
      form.getByText('You can view these settings; admins and workspace managers change them.'),
    ).toBeVisible();
    expect(form.getByRole('switch', { name: 'Email alerts' })).toBeDisabled();
    expect(form.getByLabelText(/^URL/)).toHaveAttribute('readonly');
    expect(form.queryByRole('button', { name: /Save alert settings/ })).not.toBeInTheDocument();
    expect(form.queryByRole('button', { name: /Send test/ })).not.toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Add webhook' })).not.toBeInTheDocument();
    expect(form.queryByLabelText('Webhook signing secret')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Requeue failed' })).not.toBeInTheDocument();
  });

  it('shows the signing secret read-only and rotates it after confirmation', async () => {
    let rotated: unknown;
    serve({
      [`PUT ${SETTINGS_PATH}`]: (request) => {
        rotated = request.body;
        return jsonResponse(settings({ webhook_signing_secret: 'whsec_new' }));
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    const secret = form.getByLabelText('Webhook signing secret');
    expect(secret).toHaveValue('whsec_test_secret');
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(form.getByRole('button', { name: 'Show secret' }));
    expect(secret).toHaveAttribute('type', 'text');
    await user.click(form.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() =>
      expect(form.getByLabelText('Webhook signing secret')).toHaveValue('whsec_new'),
    );
    expect(rotated).toMatchObject({ rotate_signing_secret: true, thresholds: [30, 14, 7, 1, 0] });
  });
});

describe('alert preferences another member saved meanwhile', () => {
  it('keeps the input on 412, says so beside Save, and loads their settings only when asked', async () => {
    const CHANGED =
      'Someone else changed these alert settings after you opened them. Your changes were not saved.';
    const read = '2026-01-01T10:00:00.000Z';
    const theirs = settings({ thresholds: [45, 10, 2], updated_at: '2026-01-01T10:05:00.000Z' });
    let stored = settings({ updated_at: read });
    const { requests } = serve({
      [`GET ${SETTINGS_PATH}`]: () => jsonResponse(stored),
      [`PUT ${SETTINGS_PATH}`]: (request) =>
        request.headers.get('If-Match') === `"${theirs.updated_at}"`
          ? jsonResponse({ ...theirs, ...(request.body as object), updated_at: 'later' })
          : jsonResponse({ error: CHANGED, code: 'PRECONDITION_FAILED' }, 412),
    });
    renderPage();
    const user = userEvent.setup();
    const form = await settingsForm();
    stored = theirs;
    const thresholds = form.getByLabelText('Alert thresholds (days before expiry)');
    await user.clear(thresholds);
    await user.type(thresholds, '60, 7');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent(CHANGED);
    expect(thresholds).toHaveValue('60, 7');
    expect(requests.find((r) => r.method === 'PUT')?.headers.get('If-Match')).toBe(`"${read}"`);

    await user.click(within(alert).getByRole('button', { name: 'Load their changes' }));
    await waitFor(() => expect(thresholds).toHaveValue('45, 10, 2'));
    expect(form.queryByRole('alert')).toBeNull();
    const grace = form.getByLabelText('Renewal grace (days before expiry)');
    await user.clear(grace);
    await user.type(grace, '21');
    await user.click(form.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
      thresholds: [45, 10, 2],
      renewal_grace_days: 21,
    });
  }, 30_000);
});

describe('alert queue', () => {
  it('lists alerts with their channels; requeues failed ones and retries a channel', async () => {
    const { requests } = serve({
      'GET /api/alert-queue': () => jsonResponse({ items: [queueItem], total: 1 }),
      'GET /api/alert-stats': () =>
        jsonResponse({
          month: '2025-01',
          channels: [],
          totals: { attempts: 12, successes: 10, failures: 2 },
          deliveries_this_month: 10,
          deliveries_limit: 2000,
        }),
      'POST /api/alert-queue/requeue': () => jsonResponse({ updated: 3 }),
      'POST /api/alert-queue/alert-1/retry': () => jsonResponse({ ok: true }),
    });
    renderPage();
    const user = userEvent.setup();
    const queue = within(await screen.findByRole('region', { name: 'Alert queue' }));
    expect(await queue.findByText('Payments API key')).toBeVisible();
    expect(queue.getByText('7 days before expiry')).toBeVisible();
    expect(queue.getByText('Slack: ops')).toBeVisible();
    expect(queue.getByText('Waiting for requeue')).toBeVisible();
    expect(await queue.findByText('10 / 2,000')).toBeVisible();

    await user.click(queue.getByRole('button', { name: 'Requeue failed' }));
    expect(await screen.findByText('Requeued 3 alerts')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/alert-queue/requeue')?.body).toEqual({
      workspace_id: 'ws-1',
    });

    await user.click(queue.getByRole('button', { name: 'Retry Slack: ops for Payments API key' }));
    expect(await screen.findByText('Retry queued')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/alert-queue/alert-1/retry')?.body).toEqual({
      channel: 'webhook:ops',
    });
  });
});

describe('alert queue: email recipients', () => {
  it('shows each recipient of an email with its own state, and retries one alone', async () => {
    const recipient = (target: string, status: string, extra: Record<string, unknown> = {}) => ({
      channel: `email:${target}`,
      target,
      status,
      attempts: 1,
      last_error: null,
      sent_at: status === 'sent' ? '2030-01-08T09:00:00.000Z' : null,
      digest_id: `digest-${target}`,
      ...extra,
    });
    const item = {
      ...queueItem,
      status: 'partial',
      dead_lettered: false,
      channels: [
        {
          channel: 'email',
          kind: 'email',
          status: 'failed',
          attempts: 3,
          last_error: 'Mailbox unavailable',
          recipients: [
            recipient('ada@example.com', 'sent'),
            recipient('bob@example.com', 'failed', {
              attempts: 3,
              last_error: 'Mailbox unavailable',
            }),
          ],
        },
      ],
    };
    const { requests } = serve({
      'GET /api/alert-queue': () => jsonResponse({ items: [item], total: 1 }),
      'POST /api/alert-queue/alert-1/retry': () => jsonResponse({ ok: true }),
    });
    renderPage();
    const user = userEvent.setup();
    const queue = within(await screen.findByRole('region', { name: 'Alert queue' }));
    const recipients = within(
      await queue.findByRole('list', { name: 'Email recipients of Payments API key' }),
    );
    const lines = recipients.getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^ada@example\.comSent1 attempt · sent /) as unknown,
      expect.stringMatching(
        /^bob@example\.comFailedRetry3 attempts · Mailbox unavailable$/,
      ) as unknown,
    ]);
    expect(
      queue.queryByRole('button', { name: 'Retry email to ada@example.com for Payments API key' }),
    ).toBeNull();
    await user.click(
      queue.getByRole('button', { name: 'Retry email to bob@example.com for Payments API key' }),
    );
    expect(await screen.findByText('Retry queued')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/alert-queue/alert-1/retry')?.body).toEqual({
      channel: 'email:bob@example.com',
    });
  });
});

describe("PagerDuty's acknowledge and resolve", () => {
  const BACK_CHANNEL_PATH = '/api/v1/workspaces/ws-1/pagerduty-back-channel';
  const pagerDuty = {
    webhook_urls: [
      {
        name: 'On-call',
        kind: 'pagerduty',
        url: 'https://events.pagerduty.com/v2/enqueue',
        routing_key: 'R0UTE',
      },
    ],
  };
  const answer = (connected: boolean) => ({
    url: 'http://localhost:4000/api/pagerduty/webhooks/ws-1',
    webhooks: [
      {
        name: 'On-call',
        connected,
        connected_at: connected ? '2026-11-29T10:00:00.000Z' : null,
        connected_by: connected ? 'ada@example.com' : null,
      },
    ],
  });

  it('gives the URL for PagerDuty and stores the secret it shows, never showing it back', async () => {
    const { requests } = serve(
      {
        [`GET ${BACK_CHANNEL_PATH}`]: () => jsonResponse(answer(false)),
        [`PUT ${BACK_CHANNEL_PATH}`]: () => jsonResponse(answer(true)),
      },
      { settings: pagerDuty },
    );
    renderPage();
    const user = userEvent.setup();
    const section = within(
      await screen.findByRole('region', { name: 'PagerDuty acknowledge and resolve' }),
    );
    expect(await section.findByLabelText('Webhook URL for PagerDuty')).toHaveValue(
      'http://localhost:4000/api/pagerduty/webhooks/ws-1',
    );
    expect(section.getByText('Not connected')).toBeVisible();
    await user.type(
      section.getByLabelText('Signing secret from PagerDuty'),
      'pd-secret-0123456789abcdef',
    );
    await user.click(section.getByRole('button', { name: 'Save the signing secret of On-call' }));
    expect(await section.findByText('Connected')).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT' && r.path === BACK_CHANNEL_PATH)?.body).toEqual({
      webhook_name: 'On-call',
      secret: 'pd-secret-0123456789abcdef',
    });
    expect(section.getByLabelText('New signing secret')).toHaveValue('');
  });

  it('is not shown to viewers', async () => {
    const { requests } = serve({}, { role: 'viewer', settings: pagerDuty });
    renderPage();
    await screen.findByRole('form', { name: 'Alert settings' });
    expect(
      screen.queryByRole('region', { name: 'PagerDuty acknowledge and resolve' }),
    ).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === BACK_CHANNEL_PATH)).toBe(false);
  });
});

describe('AlertsDisabledNotice', () => {
  it('links to the preferences of the workspace when alerts go nowhere', async () => {
    serve({}, { settings: { email_alerts_enabled: false } });
    renderPage(<AlertsDisabledNotice workspaceId="ws-1" />);
    expect(await screen.findByText('Alerts are disabled until a channel is defined')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up alerts' })).toHaveAttribute(
      'href',
      '/preferences?workspace=ws-1',
    );
  });

  it('stays away when a channel exists or the settings cannot be read', async () => {
    const { fetchMock } = serve({
      [`GET ${SETTINGS_PATH}`]: () => jsonResponse({ error: 'Resource not found.' }, 404),
    });
    renderPage(<AlertsDisabledNotice workspaceId="ws-1" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
