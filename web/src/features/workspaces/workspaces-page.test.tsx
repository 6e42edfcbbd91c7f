import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type { Member, Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RecordedRequest,
} from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { tokenFixture } from '../../../test-support/token-fixtures';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { DELETE_WORKSPACE_WARNING } from './components/delete-workspace-dialog';
import {
  LEAVING_TOKENS_NOTE,
  NO_SUCCESSOR,
  SUCCESSOR_LABEL,
} from './components/remove-member-dialog';
import {
  FROZEN_NOTE,
  FROZEN_NOTE_FOR_MEMBERS,
  FROZEN_TRANSFER_NOTE,
  VIEWER_MEMBERS_NOTE,
} from './components/workspace-details';
import { WorkspacesPage } from './workspaces-page';

const SELF = 'user-1';

function ws(id: string, name: string, role: Workspace['role'], isFrozen = false): Workspace {
  return { id, name, plan: 'pro', role, is_frozen: isFrozen };
}

function member(
  userId: string,
  email: string,
  role: Member['role'],
  displayName: string | null = null,
): Member {
  return {
    user_id: userId,
    email,
    display_name: displayName,
    role,
    status: 'active',
    joined_at: '2025-01-01T00:00:00.000Z',
  };
}

/** A small in-memory server for the workspace routes, answering like the real handlers. */
function fakeServer(options: { workspaces: Workspace[]; members?: Record<string, Member[]> }) {
  const state = {
    workspaces: options.workspaces.map((w) => ({ ...w })),
    members: { ...options.members } as Record<string, Member[]>,
  };
  const idOf = (request: RecordedRequest) => request.path.split('/')[4] ?? '';
  const page = <T,>(request: RecordedRequest, all: T[]) => {
    const limit = Number(request.url.searchParams.get('limit') ?? 50);
    const offset = Number(request.url.searchParams.get('offset') ?? 0);
    return jsonResponse({ items: all.slice(offset, offset + limit), total: all.length });
  };
  const routes: Parameters<typeof installFetchMock>[0] = {
    'GET /api/session': () => jsonResponse(sessionFor({ plan: 'pro' })),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': (request) => page(request, state.workspaces),
    'POST /api/v1/workspaces': (request) => {
      const created = ws('ws-new', (request.body as { name: string }).name, 'admin');
      state.workspaces.push(created);
      state.members[created.id] = [member(SELF, 'ada@example.com', 'admin', 'Ada Lovelace')];
      return jsonResponse(created, 201);
    },
  };
  for (const workspace of options.workspaces) {
    const base = `/api/v1/workspaces/${workspace.id}`;
    routes[`PATCH ${base}`] = (request) => {
      const target = state.workspaces.find((w) => w.id === workspace.id)!;
      target.name = (request.body as { name: string }).name;
      return jsonResponse(target);
    };
    routes[`DELETE ${base}`] = () => {
      state.workspaces = state.workspaces.filter((w) => w.id !== workspace.id);
      return jsonResponse({ ok: true });
    };
    routes[`GET ${base}/calendar-feed`] = () =>
      jsonResponse({
        path: `${base}/calendar.ics?key=k`,
        canRotate: workspace.role !== 'viewer',
      });
    routes[`GET ${base}/members`] = (request) => {
      const q = request.url.searchParams.get('q')?.toLowerCase();
      const all = state.members[idOf(request)] ?? [];
      const found = q
        ? all.filter((m) =>
            [m.email, m.display_name ?? ''].some((t) => t.toLowerCase().includes(q)),
          )
        : all;
      return page(request, found);
    };
    routes[`GET ${base}/trusted-certificate-authorities`] = () =>
      jsonResponse({ items: [], limit: 20 });
    routes[`GET ${base}/watched-domains`] = () =>
      jsonResponse({ items: [], limit: 5, api_key_set: false, certificates: [] });
    routes[`POST ${base}/members`] = (request) => {
      const { email, role } = request.body as { email: string; role: Member['role'] };
      const invited: Member = {
        ...member('inv-1', email, role),
        status: 'invited',
        joined_at: null,
      };
      (state.members[workspace.id] ??= []).push(invited);
      return jsonResponse(invited, 201);
    };
  }
  return { state, routes };
}

function renderPage(path = '/workspaces?workspace=ws-main') {
  const { router, queryClient } = renderRoutes(
    [{ path: '/workspaces', element: <WorkspacesPage /> }],
    path,
  );
  return { router, queryClient };
}

const workspaceTable = () => screen.findByRole('table', { name: 'Your workspaces' });
const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr')!;

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

const main = ws('ws-main', 'Main', 'admin');
const shared = ws('ws-shared', 'Shared', 'viewer');
const old = ws('ws-old', 'Old project', 'admin', true);
const mainMembers = [
  member(SELF, 'ada@example.com', 'admin', 'Ada Lovelace'),
  member('user-2', 'grace@example.com', 'workspace_manager', 'Grace Hopper'),
  member('user-3', 'alan@example.com', 'viewer'),
];

describe('workspaces page: the list', () => {
  it('shows name, plan, role and frozen state, 50 per page, and the plan’s allowance', async () => {
    const { routes } = fakeServer({ workspaces: [main, old, shared], members: {} });
    const { requests } = installFetchMock(routes);
    renderPage();
    const table = await workspaceTable();
    expect(within(row(table, 'Main')).getByText('Pro')).toBeVisible();
    expect(within(row(table, 'Main')).getByText('Admin')).toBeVisible();
    expect(within(row(table, 'Main')).getByText('Active')).toBeVisible();
    expect(within(row(table, 'Old project')).getByText('Frozen')).toBeVisible();
    expect(within(row(table, 'Shared')).getByText('Viewer')).toBeVisible();
    expect(screen.getByText(/Your Pro plan allows 3 owned workspaces; you own 2\./)).toBeVisible();
    const pageRequest = requests.find(
      (r) => r.path === '/api/v1/workspaces' && r.url.searchParams.get('limit') === '50',
    );
    expect(pageRequest?.url.searchParams.get('offset')).toBe('0');
    // Only the admin renames and deletes; a frozen workspace can be deleted but not renamed.
    expect(
      within(row(table, 'Shared')).queryByRole('button', { name: /Rename|Delete/ }),
    ).toBeNull();
    expect(within(row(table, 'Old project')).queryByRole('button', { name: /Rename/ })).toBeNull();
    expect(
      within(row(table, 'Old project')).getByRole('button', { name: 'Delete Old project' }),
    ).toBeVisible();
  });

  it('pages through more than 50 workspaces with limit and offset', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      ws(`ws-${index}`, `Workspace ${String(index).padStart(2, '0')}`, 'viewer'),
    );
    const { routes } = fakeServer({ workspaces: many });
    const { requests } = installFetchMock(routes);
    renderPage('/workspaces');
    const table = await workspaceTable();
    expect(within(table).getByRole('rowheader', { name: 'Workspace 49' })).toBeVisible();
    expect(within(table).queryByRole('rowheader', { name: 'Workspace 50' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByRole('rowheader', { name: 'Workspace 59' })).toBeVisible();
    expect(
      requests.some(
        (r) =>
          r.path === '/api/v1/workspaces' &&
          r.url.searchParams.get('limit') === '50' &&
          r.url.searchParams.get('offset') === '50',
      ),
    ).toBe(true);
  });
});

describe('workspaces page: create, rename, delete', () => {
  it('creates a workspace, validating the name first, and opens it', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    const { requests } = installFetchMock(routes);
    const { router } = renderPage();
    const user = userEvent.setup();
    await workspaceTable();
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Workspace name is required')).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Workspace name/), '  Side project ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Workspace created')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/workspaces');
    expect(post?.body).toEqual({ name: 'Side project' });
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Members of Side project' })).toBeVisible();
    expect(router.state.location.search).toBe('?workspace=ws-new');
  });

  it('opens the new workspace before its dialog closes: typing in the next dialog is never asked to discard', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    // The lists load again slowly once the workspace is made (a busy API).
    const heldLists: Array<() => void> = [];
    let created = false;
    installFetchMock({
      ...routes,
      'POST /api/v1/workspaces': (request) => {
        created = true;
        return routes['POST /api/v1/workspaces']!(request);
      },
      'GET /api/v1/workspaces': (request) =>
        created
          ? new Promise((resolve) => {
              heldLists.push(() => resolve(routes['GET /api/v1/workspaces']!(request)));
            })
          : routes['GET /api/v1/workspaces']!(request),
    });
    const { router } = renderPage();
    const user = userEvent.setup();
    await workspaceTable();
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    await user.type(within(dialog).getByLabelText(/^Workspace name/), 'Side project');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toBe(true));
    // Not listed yet: the dialog waits, its buttons off, and no toast claims it is done.
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.queryByText('Workspace created')).toBeNull();

    for (const answer of heldLists) answer();
    expect(await screen.findByText('Workspace created')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?workspace=ws-new');
    await user.click(screen.getByRole('button', { name: 'Rename Side project' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename workspace' });
    await user.type(within(rename).getByLabelText(/^Workspace name/), ' 2');
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    expect(router.state.location.search).toBe('?workspace=ws-new');
  });

  it('keeps the dialog open with the server’s reason on 409 PLAN_LIMIT', async () => {
    const message =
      'Your Pro plan allows 3 workspaces. Upgrade your plan to create more workspaces.';
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    installFetchMock({
      ...routes,
      'POST /api/v1/workspaces': () => jsonResponse({ error: message, code: 'PLAN_LIMIT' }, 409),
    });
    renderPage();
    const user = userEvent.setup();
    await workspaceTable();
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    await user.type(within(dialog).getByLabelText(/^Workspace name/), 'Fourth');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(message)).toBeVisible();
    // One message, in one place: no toast beside it, and never a status line.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/Request failed/)).toBeNull();
    expect(screen.queryByText('Workspace created')).toBeNull();
  });

  it('turns "Create workspace" off with the reason once the plan’s owned workspaces are reached', async () => {
    const reason =
      'Your Free plan allows 1 workspace. Upgrade your plan to create more workspaces.';
    const { routes } = fakeServer({
      workspaces: [main, shared],
      members: { 'ws-main': mainMembers },
    });
    installFetchMock({
      ...routes,
      'GET /api/session': () => jsonResponse(sessionFor({ plan: 'free' })),
    });
    renderPage();
    await workspaceTable();
    const create = await screen.findByRole('button', { name: 'Create workspace' });
    await waitFor(() => expect(create).toBeDisabled());
    expect(create).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
  });

  it('refuses a name the user already has, without regard to case, at the field', async () => {
    const { routes } = fakeServer({
      workspaces: [main, shared, old],
      members: { 'ws-main': mainMembers },
    });
    const { requests } = installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    await workspaceTable();
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    const name = within(dialog).getByLabelText(/^Workspace name/);
    await user.type(name, ' old PROJECT ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('You already have a workspace named "Old project"'),
    ).toBeVisible();
    // A workspace the user only belongs to is someone else's name.
    await user.clear(name);
    await user.type(name, 'shared');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Workspace created')).toBeInTheDocument();
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/workspaces'),
    ).toHaveLength(1);
  });

  it('shows the server’s refusal of a taken name at the field, once', async () => {
    const message = 'You already have a workspace named "Client Acme"';
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    installFetchMock({
      ...routes,
      'PATCH /api/v1/workspaces/ws-main': () =>
        jsonResponse(
          { error: message, code: 'CONFLICT', details: [{ path: 'name', message }] },
          409,
        ),
    });
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Rename Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename workspace' });
    const name = within(dialog).getByLabelText(/^Workspace name/);
    await user.clear(name);
    await user.type(name, 'client acme');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a workspace (admin)', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    const { requests } = installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Rename Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename workspace' });
    const name = within(dialog).getByLabelText(/^Workspace name/);
    expect(name).toHaveValue('Main');
    await user.clear(name);
    await user.type(name, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Workspace renamed')).toBeInTheDocument();
    expect(await within(table).findByRole('rowheader', { name: 'Production' })).toBeVisible();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/v1/workspaces/ws-main');
    expect(patch?.body).toEqual({ name: 'Production' });
  });

  it('says an expired session in the toast only, never again in the name dialog', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    installFetchMock({
      ...routes,
      'PATCH /api/v1/workspaces/ws-main': () =>
        jsonResponse({ error: 'Please log in to continue.' }, 401),
    });
    // The client reads the browser's location (the memory router leaves it at /, a public page).
    window.history.pushState({}, '', '/workspaces?workspace=ws-main');
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Rename Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename workspace' });
    await user.type(within(dialog).getByLabelText(/^Workspace name/), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/session has expired/)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    resetApiClientState();
    window.history.pushState({}, '', '/');
  });

  it('asks before dropping a changed name (Cancel or Escape), and not for an unchanged one', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    const { requests } = installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Rename Main' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename workspace' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(table).getByRole('button', { name: 'Rename Main' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename workspace' });
    await user.type(within(dialog).getByLabelText(/^Workspace name/), ' 2');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText(/^Workspace name/)).toHaveValue('Main 2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('deletes only after the name is typed, saying what goes with it', async () => {
    const { routes } = fakeServer({
      workspaces: [main, ws('ws-side', 'Side', 'admin')],
      members: { 'ws-main': mainMembers, 'ws-side': [] },
    });
    const { requests } = installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Delete Side' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace?' });
    expect(dialog).toHaveAccessibleDescription(DELETE_WORKSPACE_WARNING);
    expect(DELETE_WORKSPACE_WARNING).toMatch(/tokens, alert settings.*invitations and memberships/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete workspace' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Workspace name'), 'Sid');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Workspace name'), 'e');
    await user.click(confirm);
    expect(await screen.findByText('Workspace deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: 'Side' })).toBeNull(),
    );
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/v1/workspaces/ws-side');
  });
});

describe('workspaces page: deleting the open workspace', () => {
  it('opens the remaining one and never asks for the deleted one again', async () => {
    const { routes } = fakeServer({
      workspaces: [main, ws('ws-side', 'Side', 'admin')],
      members: { 'ws-main': mainMembers, 'ws-side': [] },
    });
    const { requests } = installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await screen.findByRole('heading', { name: 'Members of Main' });
    await user.click(within(table).getByRole('button', { name: 'Delete Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace?' });
    await user.type(within(dialog).getByLabelText('Workspace name'), 'Main');
    const before = requests.length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    expect(await screen.findByText('Workspace deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Members of Side' })).toBeVisible();
    const after = requests.slice(before);
    expect(after.some((r) => r.method === 'GET' && r.path.includes('/ws-main'))).toBe(false);
    expect(screen.queryByText('Resource not found.')).toBeNull();
  });
});

describe('workspaces page: members', () => {
  it('lists members; nobody changes the admin or their own role', async () => {
    const asManager = ws('ws-main', 'Main', 'workspace_manager');
    const { routes } = fakeServer({
      workspaces: [asManager],
      members: {
        'ws-main': [
          member('owner', 'owner@example.com', 'admin', 'Olga Owner'),
          member(SELF, 'ada@example.com', 'workspace_manager', 'Ada Lovelace'),
          member('user-3', 'alan@example.com', 'viewer'),
        ],
      },
    });
    installFetchMock(routes);
    renderPage();
    const members = await screen.findByRole('table', { name: 'Members of Main' });
    expect(within(members).getByText('Olga Owner')).toBeVisible();
    expect(within(members).getByText('alan@example.com')).toBeVisible();
    expect(
      within(members).getByRole('combobox', { name: 'Role of alan@example.com' }),
    ).toBeVisible();
    expect(
      within(members).queryByRole('combobox', { name: 'Role of owner@example.com' }),
    ).toBeNull();
    expect(within(members).queryByRole('combobox', { name: 'Role of ada@example.com' })).toBeNull();
    expect(within(members).queryByRole('button', { name: /owner@example.com/ })).toBeNull();
    // Leaving is allowed.
    expect(
      within(members).getByRole('button', { name: 'Leave workspace ada@example.com' }),
    ).toBeVisible();
  });

  it('invites by email with a role', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    const { requests } = installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText(/valid email/i)).toBeVisible();

    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Workspace Manager' }));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Member invited')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST' && r.path.endsWith('/members'));
    expect(post?.body).toEqual({ email: 'new@example.com', role: 'workspace_manager' });
    const members = screen.getByRole('table', { name: 'Members of Main' });
    expect(await within(members).findByText('new@example.com')).toBeVisible();
    expect(within(members).getByText('Invited')).toBeVisible();
    expect(within(form).getByLabelText(/^Email/)).toHaveValue('');
    // Invite was turned off while sending, which drops a keyboard user's focus: the address has it.
    expect(within(form).getByLabelText(/^Email/)).toHaveFocus();
  });

  it('shows why an invitation was refused', async () => {
    const message = 'This person is already a member of the workspace.';
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    installFetchMock({
      ...routes,
      'POST /api/v1/workspaces/ws-main/members': () =>
        jsonResponse({ error: message, code: 'CONFLICT' }, 409),
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText(/^Email/), 'grace@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText(message)).toBeVisible();
    expect(within(form).getByLabelText(/^Email/)).toHaveValue('grace@example.com');
    expect(within(form).getByLabelText(/^Email/)).toHaveFocus();
  });

  it('says when invitations can be sent again after 429', async () => {
    const { routes } = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    installFetchMock({
      ...routes,
      'POST /api/v1/workspaces/ws-main/members': () =>
        jsonResponse(
          {
            error: 'Too many requests. Please wait a moment and try again.',
            code: 'RATE_LIMITED',
            details: [{ path: 'retryAfterSeconds', message: '900' }],
          },
          429,
        ),
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Too many requests. Try again in 15 min.')).toBeVisible();
  });

  it('changes a role and removes a member after confirmation', async () => {
    const { routes, state } = fakeServer({
      workspaces: [main],
      members: { 'ws-main': mainMembers.map((m) => ({ ...m })) },
    });
    const { requests } = installFetchMock({
      ...routes,
      'PATCH /api/v1/workspaces/ws-main/members/user-3': (request) => {
        const target = state.members['ws-main']!.find((m) => m.user_id === 'user-3')!;
        target.role = (request.body as { role: Member['role'] }).role;
        return jsonResponse(target);
      },
      'DELETE /api/v1/workspaces/ws-main/members/user-2': () => {
        state.members['ws-main'] = state.members['ws-main']!.filter((m) => m.user_id !== 'user-2');
        return jsonResponse({ ok: true });
      },
    });
    renderPage();
    const user = userEvent.setup();
    const members = await screen.findByRole('table', { name: 'Members of Main' });
    await user.click(within(members).getByRole('combobox', { name: 'Role of alan@example.com' }));
    await user.click(await screen.findByRole('option', { name: 'Workspace Manager' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      role: 'workspace_manager',
    });
    await waitFor(() =>
      expect(
        within(members).getByRole('combobox', { name: 'Role of alan@example.com' }),
      ).toHaveTextContent('Workspace Manager'),
    );

    await user.click(within(members).getByRole('button', { name: 'Remove grace@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(members).getByRole('button', { name: 'Remove grace@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove member?' });
    // Who takes over her tokens: the other members (not herself), or no one.
    await user.click(within(confirm).getByLabelText(SUCCESSOR_LABEL));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([NO_SUCCESSOR, 'Ada Lovelace (ada@example.com)', 'alan@example.com']);
    await user.click(screen.getByRole('option', { name: 'alan@example.com' }));
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    const removal = requests.find((r) => r.method === 'DELETE')!;
    expect(removal.url.searchParams.get('successor_id')).toBe('user-3');
    await waitFor(() => expect(within(members).queryByText('grace@example.com')).toBeNull());
  });

  it('leaves a workspace (a manager removing themselves) without asking for it again', async () => {
    const asManager = ws('ws-main', 'Main', 'workspace_manager');
    const { routes, state } = fakeServer({
      workspaces: [asManager, ws('ws-other', 'Other', 'admin')],
      members: {
        'ws-main': [
          member('owner', 'owner@example.com', 'admin'),
          member(SELF, 'ada@example.com', 'workspace_manager', 'Ada Lovelace'),
        ],
        'ws-other': [member(SELF, 'ada@example.com', 'admin', 'Ada Lovelace')],
      },
    });
    const { requests } = installFetchMock({
      ...routes,
      [`DELETE /api/v1/workspaces/ws-main/members/${SELF}`]: () => {
        state.workspaces = state.workspaces.filter((w) => w.id !== 'ws-main');
        return jsonResponse({ ok: true });
      },
    });
    renderPage();
    const user = userEvent.setup();
    const members = await screen.findByRole('table', { name: 'Members of Main' });
    await user.click(
      within(members).getByRole('button', { name: 'Leave workspace ada@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Leave workspace?' });
    const before = requests.length;
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Members of Other' })).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Your workspaces' })).queryByText('Main'),
      ).toBeNull(),
    );
    const after = requests.slice(before);
    expect(after.some((r) => r.method === 'GET' && r.path.includes('/ws-main/'))).toBe(false);
    expect(screen.queryByText('Resource not found.')).toBeNull();
  });

  it('turns read-only when the server says the workspace is frozen', async () => {
    const { routes, state } = fakeServer({
      workspaces: [main],
      members: { 'ws-main': mainMembers },
    });
    installFetchMock({
      ...routes,
      'POST /api/v1/workspaces/ws-main/members': () => {
        state.workspaces[0]!.is_frozen = true;
        return jsonResponse(
          {
            error: 'This workspace is frozen. Upgrade your plan or transfer its tokens.',
            code: 'WORKSPACE_FROZEN',
          },
          403,
        );
      },
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText(/^Email/), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(FROZEN_NOTE)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
  });

  it('lets a viewer leave from their own row, and remove nobody else', async () => {
    const { routes, state } = fakeServer({
      workspaces: [shared, ws('ws-other', 'Other', 'admin')],
      members: {
        'ws-shared': [
          member('owner', 'owner@example.com', 'admin', 'Olga Owner'),
          member('user-2', 'grace@example.com', 'workspace_manager'),
          member(SELF, 'ada@example.com', 'viewer', 'Ada Lovelace'),
        ],
        'ws-other': [member(SELF, 'ada@example.com', 'admin', 'Ada Lovelace')],
      },
    });
    const { requests } = installFetchMock({
      ...routes,
      [`DELETE /api/v1/workspaces/ws-shared/members/${SELF}`]: () => {
        state.workspaces = state.workspaces.filter((w) => w.id !== 'ws-shared');
        return jsonResponse({ ok: true });
      },
    });
    renderPage('/workspaces?workspace=ws-shared');
    const user = userEvent.setup();
    const members = await screen.findByRole('table', { name: 'Members of Shared' });
    expect(within(members).getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    expect(within(members).getAllByRole('button')).toEqual([
      within(members).getByRole('button', { name: 'Leave workspace ada@example.com' }),
    ]);
    await user.click(
      within(members).getByRole('button', { name: 'Leave workspace ada@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Leave workspace?' });
    expect(within(dialog).getByText(new RegExp(LEAVING_TOKENS_NOTE))).toBeVisible();
    expect(within(dialog).queryByRole('combobox', { name: SUCCESSOR_LABEL })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Members of Other' })).toBeVisible();
    const leave = requests.find((r) => r.method === 'DELETE');
    expect(leave?.path).toBe(`/api/v1/workspaces/ws-shared/members/${SELF}`);
    expect(leave?.url.searchParams.has('successor_id')).toBe(false);
  });

  it('is read-only for viewers', async () => {
    const { routes } = fakeServer({
      workspaces: [shared],
      members: { 'ws-shared': mainMembers },
    });
    installFetchMock(routes);
    renderPage('/workspaces?workspace=ws-shared');
    const members = await screen.findByRole('table', { name: 'Members of Shared' });
    expect(screen.getByText(VIEWER_MEMBERS_NOTE)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(within(members).queryByRole('combobox')).toBeNull();
    expect(within(members).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer tokens' })).toBeNull();
  });
});

describe('workspaces page: frozen workspaces and transfers', () => {
  const tokens = [1, 2, 3].map((index) =>
    tokenFixture({
      id: `tok-${index}`,
      name: `Token ${index}`,
      type: 'api_key',
      category: 'key_secret',
      workspace_id: 'ws-old',
    }),
  );

  it('shows a frozen workspace read-only with the note', async () => {
    const { routes } = fakeServer({
      workspaces: [main, old],
      members: { 'ws-main': mainMembers, 'ws-old': mainMembers },
    });
    installFetchMock(routes);
    const { router } = renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Members of Old project' }));
    const members = await screen.findByRole('table', { name: 'Members of Old project' });
    expect(screen.getByText(FROZEN_NOTE)).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(within(members).queryByRole('combobox')).toBeNull();
    // A frozen workspace never becomes the app's selection.
    expect(router.state.location.search).toBe('?workspace=ws-main');
  });

  it("sends only the owner of a frozen workspace to Billing: a member's own plan does not unfreeze it", async () => {
    const managed = ws('ws-managed', 'Client project', 'workspace_manager', true);
    const watched = ws('ws-watched', 'Partner project', 'viewer', true);
    const others = [
      member('owner', 'owner@example.com', 'admin', 'Olga Owner'),
      member(SELF, 'ada@example.com', 'workspace_manager', 'Ada Lovelace'),
    ];
    const { routes } = fakeServer({
      workspaces: [main, managed, watched],
      members: { 'ws-main': mainMembers, 'ws-managed': others, 'ws-watched': others },
    });
    installFetchMock(routes);
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();

    await user.click(within(table).getByRole('button', { name: 'Members of Client project' }));
    await screen.findByRole('table', { name: 'Members of Client project' });
    expect(screen.getByText(`${FROZEN_NOTE_FOR_MEMBERS} ${FROZEN_TRANSFER_NOTE}`)).toBeVisible();
    expect(screen.queryByText(FROZEN_NOTE)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Billing & Plans' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Members of Partner project' }));
    await screen.findByRole('table', { name: 'Members of Partner project' });
    expect(screen.getByText(FROZEN_NOTE_FOR_MEMBERS)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Billing & Plans' })).toBeNull();
  });

  it('moves chosen tokens out of a frozen workspace into the open one', async () => {
    const { routes } = fakeServer({
      // Another admin's workspace the user manages, with the user's own frozen one's name.
      workspaces: [main, old, shared, ws('ws-old-team', 'old project', 'workspace_manager', true)],
      members: { 'ws-main': mainMembers },
    });
    let transferred = false;
    const { requests } = installFetchMock({
      ...routes,
      'GET /api/tokens': () =>
        jsonResponse({
          items: transferred ? [tokens[1]] : tokens,
          total: transferred ? 1 : 3,
          facets: { category: {}, section: [] },
        }),
      'POST /api/v1/workspaces/ws-main/transfer-tokens': () => {
        transferred = true;
        return jsonResponse({ transferred: 2 });
      },
    });
    const tokensUpdated = jest.fn();
    window.addEventListener('tokens-updated', tokensUpdated);
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Members of Main' });
    await user.click(screen.getByRole('button', { name: 'Transfer tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer tokens' });
    expect(within(dialog).getByRole('combobox', { name: 'From workspace' })).toHaveTextContent(
      'Old project (yours, frozen)',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Into workspace' })).toHaveTextContent(
      'Main',
    );
    // A viewer's workspace is neither a source nor a target; names that repeat say whose.
    await user.click(within(dialog).getByRole('combobox', { name: 'From workspace' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Old project (yours, frozen)',
      'old project (Workspace Manager, frozen)',
    ]);
    await user.keyboard('{Escape}');

    const submit = within(dialog).getByRole('button', { name: 'Transfer 0 tokens' });
    expect(submit).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: /Token 1/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Token 3/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer 2 tokens' }));
    expect(await screen.findByText('Tokens transferred')).toBeInTheDocument();
    const post = requests.find((r) => r.path.endsWith('/transfer-tokens'));
    expect(post?.body).toEqual({ from_workspace_id: 'ws-old', token_ids: ['tok-1', 'tok-3'] });
    expect(
      requests.find((r) => r.path === '/api/tokens')?.url.searchParams.get('workspace_id'),
    ).toBe('ws-old');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(tokensUpdated).toHaveBeenCalledTimes(2);
    window.removeEventListener('tokens-updated', tokensUpdated);
  });
  it('searches the tokens to transfer on the server, keeping what was chosen', async () => {
    const { routes } = fakeServer({
      workspaces: [main, old],
      members: { 'ws-main': mainMembers },
    });
    const { requests } = installFetchMock({
      ...routes,
      'GET /api/tokens': (request) => {
        const q = request.url.searchParams.get('q')?.toLowerCase() ?? '';
        const found = tokens.filter((token) => token.name.toLowerCase().includes(q));
        return jsonResponse({
          items: found,
          total: found.length,
          facets: { category: {}, section: [] },
        });
      },
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Members of Main' });
    await user.click(screen.getByRole('button', { name: 'Transfer tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer tokens' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Token 1/ }));

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search tokens' }), '3');
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: /Token 1/ })).toBeNull(),
    );
    expect(requests.some((r) => r.url.searchParams.get('q') === '3')).toBe(true);
    expect(within(dialog).getByText('1 selected (1 token matches)')).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: /Token 3/ }));
    expect(within(dialog).getByRole('button', { name: 'Transfer 2 tokens' })).toBeEnabled();

    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search tokens' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search tokens' }), 'nothing');
    expect(await within(dialog).findByText('No token matches this search.')).toBeVisible();
  });
});

describe('workspaces page: invitations to the user', () => {
  const invitation = {
    id: 'inv-9',
    workspace_id: 'ws-team',
    workspace_name: 'Team space',
    role: 'workspace_manager' as const,
    invited_by_name: 'Grace Hopper',
    invited_at: '2025-03-01T10:00:00.000Z',
  };

  function withInvitations() {
    const server = fakeServer({ workspaces: [main], members: { 'ws-main': mainMembers } });
    let pending = [invitation];
    const team = ws('ws-team', 'Team space', 'workspace_manager');
    server.routes['GET /api/invitations'] = () => jsonResponse({ items: pending });
    server.routes['POST /api/invitations/inv-9/accept'] = () => {
      pending = [];
      server.state.workspaces.push(team);
      server.state.members['ws-team'] = [member(SELF, 'ada@example.com', 'workspace_manager')];
      return jsonResponse({ workspace: team });
    };
    server.routes['GET /api/v1/workspaces/ws-team/members'] = () =>
      jsonResponse({ items: server.state.members['ws-team'] ?? [], total: 1 });
    server.routes['POST /api/invitations/inv-9/decline'] = () => {
      pending = [];
      return jsonResponse({ ok: true });
    };
    return server;
  }

  it('accepts: the workspace joins the list, opens and becomes the selection', async () => {
    const { routes } = withInvitations();
    installFetchMock(routes);
    const { router } = renderPage();
    const list = await screen.findByRole('region', { name: 'Invitations' });
    const item = within(list).getByRole('listitem', { name: 'Invitation to Team space' });
    expect(within(item).getByText('Team space')).toBeVisible();
    expect(within(item).getByText(/Invited by Grace Hopper as Workspace Manager/)).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Invitation accepted')).toBeInTheDocument();
    const table = await workspaceTable();
    expect(await within(table).findByRole('rowheader', { name: 'Team space' })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toContain('workspace=ws-team'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('table', { name: 'Members of Team space' })).toBeVisible();
  });

  it('declines: the invitation goes and no workspace is added', async () => {
    const { routes } = withInvitations();
    const { requests } = installFetchMock(routes);
    renderPage();
    const list = await screen.findByRole('region', { name: 'Invitations' });
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation declined')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument(),
    );
    expect(requests.some((r) => r.path === '/api/invitations/inv-9/accept')).toBe(false);
    const table = await workspaceTable();
    expect(within(table).queryByRole('rowheader', { name: 'Team space' })).toBeNull();
  });
});

describe('workspaces page: transfer ownership', () => {
  it('hands the workspace to a chosen member, shows a refusal in the dialog, then the new role', async () => {
    const refusal =
      "Grace Hopper's Pro plan allows 3 workspaces; they must upgrade before they can own this one.";
    const { state, routes } = fakeServer({
      workspaces: [main],
      members: {
        'ws-main': [
          ...mainMembers,
          { ...member('inv-9', 'new@example.com', 'viewer'), status: 'invited', joined_at: null },
        ],
      },
    });
    let refuse = true;
    const { requests } = installFetchMock({
      ...routes,
      'POST /api/v1/workspaces/ws-main/transfer-ownership': () => {
        if (refuse) return jsonResponse({ error: refusal, code: 'PLAN_LIMIT' }, 409);
        state.workspaces[0]!.role = 'workspace_manager';
        return jsonResponse({ ok: true });
      },
    });
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Transfer ownership of Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    const choices = within(dialog).getByRole('radiogroup', { name: 'New owner' });
    // The other active members, with their roles: not the caller, not a pending invitation.
    expect(
      (await within(choices).findAllByRole('radio')).map(
        (radio) => radio.closest('label')?.textContent,
      ),
    ).toEqual(['Grace Hopper · Workspace Manager', 'alan@example.com · Viewer']);
    const transfer = within(dialog).getByRole('button', { name: 'Transfer' });
    expect(transfer).toBeDisabled();

    await user.click(
      within(choices).getByRole('radio', { name: 'Grace Hopper · Workspace Manager' }),
    );
    expect(
      within(dialog).getByText(
        "Grace Hopper becomes the owner and admin; you stay as a workspace manager. The workspace moves to Grace Hopper's plan.",
      ),
    ).toBeVisible();
    await user.click(transfer);
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(screen.getAllByText(refusal)).toHaveLength(1);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Ownership transferred')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path.endsWith('/transfer-ownership')).at(-1)?.body).toEqual({
      user_id: 'user-2',
    });
    // The caller is a workspace manager now: the admin's controls are gone.
    await waitFor(() =>
      expect(within(row(table, 'Main')).getByText('Workspace Manager')).toBeVisible(),
    );
    expect(within(table).queryByRole('button', { name: 'Transfer ownership of Main' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Main' })).toBeNull();
  });

  const SLOW_LIST_TIMEOUT_MS = 15_000;

  it('finds the new owner by name or address when the members are more than one list', async () => {
    const many = Array.from({ length: 120 }, (_, index) =>
      member(`user-${index + 10}`, `member-${index + 10}@example.com`, 'viewer'),
    );
    const { routes } = fakeServer({
      workspaces: [main],
      members: { 'ws-main': [...mainMembers, ...many] },
    });
    const { requests } = installFetchMock({
      ...routes,
      'POST /api/v1/workspaces/ws-main/transfer-ownership': () => jsonResponse({ ok: true }),
    });
    renderPage();
    const user = userEvent.setup();
    const table = await workspaceTable();
    await user.click(within(table).getByRole('button', { name: 'Transfer ownership of Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    const search = await within(dialog).findByRole('searchbox', { name: 'Find a member' });
    expect(
      within(dialog).getByText(
        'The first 100 members are listed; search by name or address for the others.',
      ),
    ).toBeVisible();
    expect(
      within(dialog).queryByRole('radio', { name: 'member-129@example.com · Viewer' }),
    ).toBeNull();

    await user.click(search);
    await user.paste('MEMBER-129');
    // A hundred radios render again per answer: slow on a busy machine, so wait longer than usual.
    const last = await within(dialog).findByRole(
      'radio',
      { name: 'member-129@example.com · Viewer' },
      { timeout: SLOW_LIST_TIMEOUT_MS },
    );
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    await user.click(last);
    // Another search keeps the choice on the list.
    await user.clear(search);
    await user.click(search);
    await user.paste('no such person');
    expect(
      await within(dialog).findByText(
        'No other member matches “no such person”.',
        {},
        { timeout: SLOW_LIST_TIMEOUT_MS },
      ),
    ).toBeVisible();
    await user.clear(search);
    await user.click(search);
    await user.paste('member-12');
    await waitFor(
      () =>
        expect(
          within(dialog).getByRole('radio', { name: 'member-129@example.com · Viewer' }),
        ).toBeChecked(),
      { timeout: SLOW_LIST_TIMEOUT_MS },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path.endsWith('/transfer-ownership')).at(-1)?.body).toEqual({
      user_id: 'user-129',
    });
    expect(requests.some((r) => r.url.searchParams.get('q') === 'MEMBER-129')).toBe(true);
  });

  it('is offered to the admin only', async () => {
    const { routes } = fakeServer({ workspaces: [main, shared] });
    installFetchMock(routes);
    renderPage();
    const table = await workspaceTable();
    expect(within(table).getByRole('button', { name: 'Transfer ownership of Main' })).toBeVisible();
    expect(
      within(table).queryByRole('button', { name: 'Transfer ownership of Shared' }),
    ).toBeNull();
  });
});
