import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  toRecordedRequest,
  type RecordedRequest,
} from '../../../test-support/mock-fetch';
import { mediaQueryList } from '../../../test-support/match-media';
import { renderRoutes } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { resetToastHistory } from '../../lib/toasts';
import { AuditPage } from './audit-page';

jest.mock('../../lib/save-file', () => ({ saveFile: jest.fn() }));

const errorToast = jest.spyOn(toast, 'error');

function ws(id: string, name: string, role: Workspace['role'], plan: Workspace['plan'] = 'team') {
  return { id, name, plan, role, is_frozen: false };
}

function auditEvent(index: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `event-${index}`,
    occurred_at: new Date(Date.UTC(2026, 0, 2, 12, 0, 0) - index * 60_000).toISOString(),
    actor: { id: 'user-1', email: 'ada@example.com' },
    action: 'token.created',
    target_type: 'token',
    target_id: `token-${index}`,
    target_name: `Token ${index}`,
    workspace_id: 'ws-1',
    metadata: { category: 'cert', type: 'ssl_cert' },
    ...overrides,
  };
}

interface ServeOptions {
  workspaces?: Workspace[];
  plan?: string;
  workspaceEvents?: AuditEvent[];
  ownEvents?: AuditEvent[];
  organizationEvents?: AuditEvent[];
  failList?: boolean;
}

function paged(request: RecordedRequest, all: readonly AuditEvent[]) {
  const limit = Number(request.url.searchParams.get('limit'));
  const offset = Number(request.url.searchParams.get('offset'));
  return jsonResponse({ items: all.slice(offset, offset + limit) });
}

function serve(options: ServeOptions = {}) {
  const workspaces = options.workspaces ?? [ws('ws-1', 'Main', 'admin')];
  const routes: Parameters<typeof installFetchMock>[0] = {
    'GET /api/session': () => jsonResponse(sessionFor({ plan: options.plan ?? 'team' })),
    'GET /api/v1/workspaces': () => jsonResponse({ items: workspaces }),
    'GET /api/account/plan': () => jsonResponse({ plan: options.plan ?? 'team' }),
    'GET /api/audit-events': (request) =>
      options.failList
        ? jsonResponse({ error: 'boom', code: 'INTERNAL' }, 500)
        : paged(
            request,
            request.url.searchParams.get('scope') === 'organization'
              ? (options.organizationEvents ?? [])
              : (options.ownEvents ?? []),
          ),
    'GET /api/account/export-audit': (request) => {
      const format = request.url.searchParams.get('format') ?? 'json';
      return new Response(format === 'csv' ? 'id,action\r\n' : '[]', {
        headers: {
          'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json',
          'Content-Disposition': `attachment; filename="expiry-radar-audit-server-name.${format}"`,
        },
      });
    },
  };
  for (const workspace of workspaces) {
    routes[`GET /api/v1/workspaces/${workspace.id}/audit-events`] = (request) =>
      options.failList
        ? jsonResponse({ error: 'boom', code: 'INTERNAL' }, 500)
        : paged(request, options.workspaceEvents ?? []);
  }
  return installFetchMock(routes);
}

function renderAudit(path = '/audit?workspace=ws-1') {
  renderRoutes([{ path: '/audit', element: <AuditPage /> }], path);
}

const auditRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.endsWith('/audit-events'));

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  errorToast.mockClear();
  jest.mocked(saveFile).mockClear();
});

afterEach(() => toast.remove());

describe('audit page', () => {
  it('shows the selected workspace events in a table, with readable actions and details', async () => {
    const user = userEvent.setup();
    const { requests } = serve({
      workspaceEvents: [
        auditEvent(1),
        auditEvent(2, {
          action: 'member.role_updated',
          actor: { id: 'user-2', email: 'grace@example.com' },
          target_type: 'member',
          target_id: 'user-3',
          target_name: 'alan@example.com',
          metadata: { from: 'viewer', to: 'workspace_manager' },
        }),
        auditEvent(3, {
          action: 'alert.sent',
          actor: { id: 'system', email: null },
          target_type: 'alert',
        }),
      ],
    });
    renderAudit();

    const table = await screen.findByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Token created')).toBeVisible();
    expect(within(rows[1]!).getByText('ada@example.com (you)')).toBeVisible();
    expect(within(rows[1]!).getByText('Token (SSL Certificate) Token 1')).toBeVisible();
    expect(within(rows[1]!).getByText('Main')).toBeVisible();
    expect(within(rows[2]!).getByText('Member role changed')).toBeVisible();
    expect(within(rows[2]!).getByText('Viewer → Workspace Manager')).toBeVisible();
    expect(within(rows[2]!).getByText('Member alan@example.com')).toBeVisible();
    expect(within(rows[2]!).getByText('grace@example.com')).toBeVisible();
    expect(within(rows[3]!).getByText('System')).toBeVisible();
    // Rows name things; ids show only in the expanded details.
    for (const row of rows.slice(1)) expect(row).not.toHaveTextContent(/token-\d|user-3|event-/);

    const time = rows[1]!.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-01-02T11:59:00.000Z');
    // The ISO date and time in the browser's zone on hover; the locale's form on screen.
    expect(time?.getAttribute('title')).toMatch(/^2026-01-0[1-3] \d{2}:\d{2}$/);
    expect(time).toHaveTextContent(/Jan [1-3], 2026/);

    expect(screen.getByRole('button', { name: /Workspace: Main/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      screen.getByText(/Events are kept for 1 year on this workspace's Team plan/),
    ).toBeVisible();
    expect(auditRequests(requests)[0]?.url.pathname).toBe('/api/v1/workspaces/ws-1/audit-events');
    expect(auditRequests(requests)[0]?.url.search).toBe('?limit=100&offset=0');

    const expand = screen.getByRole('button', { name: 'Show details: Member role changed' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    const list = screen.getByLabelText('Event details');
    expect(within(list).getByText('Previous role')).toBeVisible();
    expect(within(list).getByText('Viewer')).toBeVisible();
    expect(within(list).getByText('New role')).toBeVisible();
    expect(within(list).getByText('Workspace Manager')).toBeVisible();
    expect(within(list).getByText('event-2')).toBeVisible();
    expect(within(list).getByText('member user-3')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Hide details: Member role changed' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('names changed fields as the forms do, and a member who left with their account', async () => {
    const user = userEvent.setup();
    serve({
      workspaceEvents: [
        auditEvent(1, { action: 'token.updated', metadata: { fields: ['name', 'expiresAt'] } }),
        auditEvent(2, {
          action: 'account.updated',
          target_type: 'user',
          target_id: 'user-1',
          target_name: 'ada@example.com',
          metadata: { fields: ['pendingEmail', 'name'], pendingEmail: 'new@example.com' },
        }),
        auditEvent(3, {
          action: 'member.removed',
          actor: { id: 'deleted-user', email: null },
          target_type: 'member',
          target_id: 'user-3',
          target_name: 'alan@example.com',
          metadata: { role: 'viewer', reason: 'account_deleted' },
        }),
      ],
    });
    renderAudit();

    const table = await screen.findByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Changed: Name, Expiry date')).toBeVisible();
    expect(
      within(rows[2]!).getByText('Changed: Email address (pending confirmation), Name'),
    ).toBeVisible();
    expect(within(rows[3]!).getByText('Member removed')).toBeVisible();
    expect(within(rows[3]!).getByText('Left: their account was deleted')).toBeVisible();
    expect(within(rows[3]!).getByText('Deleted user')).toBeVisible();
    for (const row of rows.slice(1)) expect(row).not.toHaveTextContent(/expiresAt|pendingEmail/);

    await user.click(screen.getByRole('button', { name: 'Show details: Token updated' }));
    const details = screen.getByLabelText('Event details');
    expect(within(details).getByText('Changed fields')).toBeVisible();
    expect(within(details).getByText('Name, Expiry date')).toBeVisible();
  });

  it('offers only the scopes the user may read, and switches between them', async () => {
    const user = userEvent.setup();
    const { requests } = serve({
      workspaceEvents: [auditEvent(1)],
      ownEvents: [auditEvent(5, { action: 'auth.signed_in', workspace_id: null })],
      organizationEvents: [auditEvent(9, { action: 'workspace.renamed', workspace_id: 'ws-1' })],
    });
    renderAudit();
    await screen.findByText('Token created');
    const picker = screen.getByRole('group', { name: 'Audit scope' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Workspace: Main', 'My activity', 'Organization']);

    await user.click(within(picker).getByRole('button', { name: 'My activity' }));
    // Another scope's events never stand in while the new ones load.
    expect(screen.queryByText('Token created')).toBeNull();
    expect(await screen.findByText('Signed in')).toBeVisible();
    expect(screen.getByText(/Events are kept for 1 year on your Team plan/)).toBeVisible();
    expect(auditRequests(requests).at(-1)?.url.search).toBe('?limit=100&offset=0');

    await user.click(within(picker).getByRole('button', { name: 'Organization' }));
    expect(await screen.findByText('Workspace renamed')).toBeVisible();
    expect(auditRequests(requests).at(-1)?.url.search).toBe(
      '?limit=100&offset=0&scope=organization',
    );
  });

  it('for a viewer who owns nothing: only their own activity', async () => {
    const { requests } = serve({
      workspaces: [ws('ws-1', 'Shared', 'viewer')],
      ownEvents: [],
      plan: 'free',
    });
    renderAudit();
    expect(await screen.findByText('No audit events yet.')).toBeVisible();
    const picker = screen.getByRole('group', { name: 'Audit scope' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['My activity']);
    expect(screen.getByText(/Events are kept for 30 days on your Free plan/)).toBeVisible();
    expect(requests.some((r) => r.path.startsWith('/api/v1/workspaces/ws-1/'))).toBe(false);
  });

  it('workspace managers see their workspace; organization only with an owned one', async () => {
    serve({ workspaces: [ws('ws-1', 'Team space', 'workspace_manager')] });
    renderAudit();
    const picker = await screen.findByRole('group', { name: 'Audit scope' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Workspace: Team space', 'My activity']);
  });

  it('pages 100 at a time: Older and Newer', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 130 }, (_, index) => auditEvent(index));
    const { requests } = serve({ workspaceEvents: all });
    renderAudit();
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    const pager = screen.getByRole('navigation', { name: 'Audit event pages' });
    expect(within(pager).getByText('Events 1–100')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    expect(await within(pager).findByText('Events 101–130')).toBeVisible();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
    expect(within(pager).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(auditRequests(requests).at(-1)?.url.search).toBe('?limit=100&offset=100');

    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    expect(await within(pager).findByText('Events 1–100')).toBeVisible();
  });

  it('shows the load error with a retry', async () => {
    const user = userEvent.setup();
    const { requests } = serve({ failList: true });
    renderAudit();
    const alert = (await screen.findByText('Audit events could not be loaded.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    const before = auditRequests(requests).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(auditRequests(requests).length).toBe(before + 1));
  });

  it('exports CSV and JSON of the scope since a date, under the server file name', async () => {
    const user = userEvent.setup();
    const { requests } = serve({ workspaceEvents: [auditEvent(1)] });
    renderAudit();
    await screen.findByText('Token created');
    const exportSection = screen.getByRole('region', { name: 'Export' });
    const since = within(exportSection).getByLabelText('Since');
    // 1970-01-01 would start in 1969 in a zone east of UTC, which the server refuses.
    expect(since).toHaveAttribute('min', '1970-01-02');
    await user.type(since, '1970-01-01');
    expect(within(exportSection).getByText('Pick a date from 1970-01-02 on.')).toBeVisible();
    expect(within(exportSection).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.clear(since);
    await user.type(since, '2026-01-01');
    await user.click(within(exportSection).getByRole('button', { name: 'Export CSV' }));
    expect(await within(exportSection).findByRole('status')).toHaveTextContent(
      'Downloaded expiry-radar-audit-server-name.csv',
    );
    const csv = requests.filter((r) => r.path === '/api/account/export-audit').at(-1);
    expect(Object.fromEntries(csv!.url.searchParams)).toEqual({
      format: 'csv',
      workspace_id: 'ws-1',
      since: new Date(2026, 0, 1).toISOString(),
    });
    expect(saveFile).toHaveBeenCalledWith(
      expect.objectContaining({ fileName: 'expiry-radar-audit-server-name.csv' }),
    );

    await user.click(screen.getByRole('button', { name: 'Organization' }));
    await user.click(within(exportSection).getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    const json = requests.filter((r) => r.path === '/api/account/export-audit').at(-1);
    expect(Object.fromEntries(json!.url.searchParams)).toEqual({
      format: 'json',
      scope: 'organization',
      since: new Date(2026, 0, 1).toISOString(),
    });
    expect(jest.mocked(saveFile).mock.calls[1]?.[0].fileName).toBe(
      'expiry-radar-audit-server-name.json',
    );
  });

  it('an export failure shows the server error as a toast and saves nothing', async () => {
    const user = userEvent.setup();
    serve({ workspaceEvents: [auditEvent(1)] });
    const fetchMock = jest.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      const { path } = toRecordedRequest(...args);
      if (path === '/api/account/export-audit') {
        return jsonResponse({ error: 'Invalid date format', code: 'VALIDATION_ERROR' }, 400);
      }
      return answer(...args);
    });
    renderAudit();
    await screen.findByText('Token created');
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith('Invalid date format', expect.anything()),
    );
    expect(saveFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeEnabled();
  });

  it('asks an unverified user to verify their email first', async () => {
    const { requests } = serve();
    const fetchMock = jest.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      const { path } = toRecordedRequest(...args);
      if (path === '/api/session') {
        return jsonResponse(sessionFor({ needsVerification: true }));
      }
      return answer(...args);
    });
    renderAudit();
    expect(
      await screen.findByText('Verify your email address to see the audit log.'),
    ).toBeVisible();
    expect(auditRequests(requests)).toEqual([]);
  });

  it('lists events as cards on narrow screens', async () => {
    const user = userEvent.setup();
    const narrow = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width')));
    try {
      serve({ workspaceEvents: [auditEvent(1), auditEvent(2, { action: 'token.deleted' })] });
      renderAudit();
      const list = await screen.findByRole('list', { name: 'Events' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      await user.click(within(list).getByRole('button', { name: 'Show details: Token deleted' }));
      expect(within(list).getByText('event-2')).toBeVisible();
    } finally {
      narrow.mockRestore();
    }
  });
});
