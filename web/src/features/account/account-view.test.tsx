import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import {
  installFetchMock,
  jsonResponse,
  sessionFor,
  type RouteHandler,
} from '../../../test-support/mock-fetch';
import { renderRoutes } from '../../../test-support/render-app';
import { tokenFixture } from '../../../test-support/token-fixtures';
import { RootLayout } from '../../app/router/root-layout';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';
import { AccountView } from './account-view';

const workspace = (id: string, name: string, role: string, isFrozen = false) => ({
  id,
  name,
  plan: 'free',
  role,
  is_frozen: isFrozen,
});

function tokenItem(index: number) {
  return tokenFixture({
    id: `tok-${index}`,
    name: `Token ${String(index).padStart(2, '0')}`,
    type: 'api_key',
    category: 'key_secret',
    expiresAt: '2030-01-15',
    workspace_id: 'ws-frozen',
  });
}

function tokenPage(count: number) {
  const items = Array.from({ length: count }, (_, index) => tokenItem(index + 1));
  return {
    items,
    total: count,
    facets: { category: { key_secret: count }, section: [{ section: null, count }] },
  };
}

function serve(
  routes: Record<string, RouteHandler> = {},
  session: ReturnType<typeof sessionFor> = sessionFor(),
) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [workspace('ws-1', 'Main', 'admin')] }),
    ...routes,
  });
}

/** Under the app's root layout, which finishes a sign-out once home is on screen. */
function renderAccount(element = <AccountView />) {
  const { router, queryClient } = renderRoutes(
    [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'dashboard', element },
        ],
      },
    ],
    '/dashboard?view=account',
  );
  return { router, queryClient };
}

/** Whether MUI draws the checkbox ticked (its own state), beside the input's `checked`. */
function drawnTicked(checkbox: HTMLElement): boolean {
  return checkbox.closest('.MuiCheckbox-root')?.classList.contains('Mui-checked') === true;
}

function form(name: string): HTMLElement {
  return screen.getByRole('form', { name });
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  // jsdom does not scroll; the way home after deleting the account asks for the top.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  toast.remove();
  jest.restoreAllMocks();
});

describe('account view: profile', () => {
  it('validates the name and email before sending anything', async () => {
    const { requests } = serve();
    renderAccount();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    await user.type(name, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name must be 100 characters or less')).toBeVisible();
    expect(requests.some((r) => r.path === '/auth/account')).toBe(false);
  });

  it('saves the changed name with the CSRF header and confirms with a toast', async () => {
    const { requests } = serve({
      'PUT /auth/account': () =>
        jsonResponse({
          user: { ...sessionFor().user, name: 'Ada King', displayName: 'Ada King' },
          needsVerification: false,
        }),
    });
    renderAccount();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    // The email is unchanged: no password is asked for.
    expect(within(form('Profile')).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '  Ada King ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Account updated successfully')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && r.path === '/auth/account');
    expect(put?.body).toEqual({ name: 'Ada King' });
    expect(put?.headers.get('X-CSRF-Token')).toBe('csrf');
    await waitFor(() => expect(screen.getByLabelText('Display name')).toHaveValue('Ada King'));
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  it('asks for the current password to change the email and shows a wrong one at the field', async () => {
    const { requests } = serve({
      'PUT /auth/account': () =>
        jsonResponse(
          { error: 'Current password is incorrect', code: 'INVALID_CURRENT_PASSWORD' },
          400,
        ),
    });
    renderAccount();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'Ada.New@Example.com');
    expect(
      screen.getByText(
        'A link goes to the new address; your current address stays in force until it is used.',
      ),
    ).toBeVisible();
    await user.type(within(form('Profile')).getByLabelText('Current password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const field = within(form('Profile')).getByLabelText('Current password');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Current password is incorrect'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      email: 'ada.new@example.com',
      currentPassword: 'wrong one',
    });
  });
});

describe('account view: password', () => {
  it('checks the current password, the policy and the confirmation', async () => {
    const { requests } = serve();
    renderAccount();
    const user = userEvent.setup();
    const scope = within(await screen.findByRole('form', { name: 'Password' }));
    await user.type(scope.getByLabelText(/^New password/), 'short');
    await user.type(scope.getByLabelText(/^Confirm new password/), 'other');
    await user.click(scope.getByRole('button', { name: 'Change password' }));
    expect(
      await scope.findByText('Current password is required to set a new password'),
    ).toBeVisible();
    expect(scope.getByText('Password must be at least 12 characters')).toBeVisible();
    expect(scope.getByText('Passwords do not match')).toBeVisible();
    expect(requests.some((r) => r.path === '/auth/account')).toBe(false);
  });

  it('changes the password and clears the form', async () => {
    const { requests } = serve({
      'PUT /auth/account': () =>
        jsonResponse({ user: sessionFor().user, needsVerification: false }),
    });
    renderAccount();
    const user = userEvent.setup();
    const scope = within(await screen.findByRole('form', { name: 'Password' }));
    await user.type(scope.getByLabelText(/^Current password/), 'old horse battery');
    await user.type(scope.getByLabelText(/^New password/), 'new horse battery staple');
    await user.type(scope.getByLabelText(/^Confirm new password/), 'new horse battery staple');
    await user.click(scope.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed: signed out everywhere else and API keys revoked'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      currentPassword: 'old horse battery',
      newPassword: 'new horse battery staple',
      signOutEverywhere: true,
    });
    await waitFor(() => expect(scope.getByLabelText(/^New password/)).toHaveValue(''));
    const everywhere = scope.getByLabelText('Sign out everywhere and revoke API keys');
    expect(everywhere).toBeChecked();
    expect(drawnTicked(everywhere)).toBe(true);
  });

  it('keeps the other sessions and keys when "Sign out everywhere" is unticked', async () => {
    const { requests } = serve({
      'PUT /auth/account': () =>
        jsonResponse({ user: sessionFor().user, needsVerification: false }),
    });
    renderAccount();
    const user = userEvent.setup();
    const scope = within(await screen.findByRole('form', { name: 'Password' }));
    const everywhere = scope.getByLabelText('Sign out everywhere and revoke API keys');
    expect(everywhere).toBeChecked();
    expect(drawnTicked(everywhere)).toBe(true);
    await user.click(everywhere);
    expect(everywhere).not.toBeChecked();
    expect(drawnTicked(everywhere)).toBe(false);
    await user.type(scope.getByLabelText(/^Current password/), 'old horse battery');
    await user.type(scope.getByLabelText(/^New password/), 'new horse battery staple');
    await user.type(scope.getByLabelText(/^Confirm new password/), 'new horse battery staple');
    await user.click(scope.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      signOutEverywhere: false,
    });
  });
});

describe('account view: pending email change', () => {
  it('says the change waits for its link, keeps the current address, and cancels it', async () => {
    const pending = sessionFor();
    const withPending = {
      ...pending,
      user: { ...pending.user, pendingEmail: 'ada.new@example.com' },
    };
    const { requests } = serve(
      {
        'PUT /auth/account': () =>
          jsonResponse({
            user: { ...pending.user, pendingEmail: null },
            needsVerification: false,
          }),
      },
      withPending,
    );
    renderAccount();
    const user = userEvent.setup();
    expect(
      await screen.findByText(
        'Moving to ada.new@example.com: open the link sent there to complete the change. Until then your current address stays in force.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue(pending.user.email);
    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText('Email change cancelled')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ email: pending.user.email });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel change' })).not.toBeInTheDocument(),
    );
  });
});

describe('account view: deletion', () => {
  it('asks for confirmation; Cancel sends nothing', async () => {
    const { requests } = serve();
    renderAccount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/This action cannot be undone/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows why the server wants the password, then deletes and goes home', async () => {
    let attempts = 0;
    const { requests } = serve({
      'DELETE /auth/account': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(
              {
                error: 'Please enter your password to confirm this action.',
                code: 'REAUTHENTICATION_REQUIRED',
              },
              403,
            )
          : jsonResponse({ ok: true });
      },
    });
    const { router } = renderAccount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription(
        'Please enter your password to confirm this action.',
      ),
    );
    expect(requests.filter((r) => r.method === 'DELETE')[0]?.body).toEqual({});
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    // Said once home is on screen, at the top of the page.
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    const second = requests.filter((r) => r.method === 'DELETE')[1];
    expect(second?.body).toEqual({ password: 'correct horse battery' });
    expect(second?.headers.get('X-CSRF-Token')).toBe('csrf');
  });
});

describe('account view: deleting an account that owns workspaces', () => {
  const member = (id: string, name: string, role: 'workspace_manager' | 'viewer') => ({
    user_id: id,
    email: `${id}@example.com`,
    display_name: name,
    role,
    status: 'active' as const,
    joined_at: '2026-01-01T00:00:00.000Z',
  });
  const preview = {
    workspaces: [
      {
        id: 'ws-ops',
        name: 'Ops',
        token_count: 12,
        members: [member('grace', 'Grace', 'workspace_manager'), member('alan', 'Alan', 'viewer')],
        successor_id: 'grace',
      },
      {
        id: 'ws-audit',
        name: 'Audit',
        token_count: 1,
        members: [member('alan', 'Alan', 'viewer')],
        successor_id: null,
      },
      { id: 'ws-personal', name: 'Personal', token_count: 3, members: [], successor_id: null },
    ],
  };

  it('names each workspace, its members and who takes it over, and sends the owner’s choices', async () => {
    const { requests } = serve({
      'GET /auth/account/deletion': () => jsonResponse(preview),
      'DELETE /auth/account': () => jsonResponse({ ok: true }),
    });
    renderAccount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const list = await within(dialog).findByRole('list', { name: 'Workspaces you own' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    expect(within(items[0]!).getByText(/Passes to Grace \(grace@example.com\)/)).toBeVisible();
    expect(
      within(items[1]!).getByText(
        'Deleted with its 1 token. Its members lose it and are told by email: Alan (alan@example.com).',
      ),
    ).toBeVisible();
    expect(
      within(items[2]!).getByText('Deleted with its 3 tokens: nobody else is a member.'),
    ).toBeVisible();
    expect(within(items[2]!).queryByRole('combobox')).not.toBeInTheDocument();

    // The viewer is handed "Audit" instead of its deletion.
    await user.click(within(items[1]!).getByRole('combobox', { name: 'New owner of Audit' }));
    await user.click(await screen.findByRole('option', { name: /Alan \(alan@example.com\)/ }));
    expect(within(items[1]!).getByText(/Passes to Alan/)).toBeVisible();

    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      password: 'correct horse battery',
      successors: { 'ws-audit': 'alan' },
    });
  });

  it('says so when the workspaces cannot be listed, and still deletes', async () => {
    serve({
      'GET /auth/account/deletion': () => jsonResponse({ error: 'Server error' }, 500),
      'DELETE /auth/account': () => jsonResponse({ ok: true }),
    });
    renderAccount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByText(/Your workspaces could not be listed/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
  });
});

describe('account view: transfer from frozen workspaces', () => {
  const workspaces = [
    workspace('ws-active', 'Main', 'admin'),
    workspace('ws-frozen', 'Old project', 'admin', true),
    workspace('ws-viewer', 'Shared with me', 'viewer'),
  ];

  it('is not offered when no workspace is frozen and the user is not downgraded', async () => {
    serve();
    renderAccount();
    await screen.findByRole('form', { name: 'Profile' });
    expect(
      screen.queryByRole('heading', { name: 'Transfer tokens from frozen workspaces' }),
    ).not.toBeInTheDocument();
  });

  it('moves the chosen tokens into an active workspace the user edits', async () => {
    const { requests } = serve(
      {
        // Another admin's workspace the user manages, with the user's own one's name.
        'GET /api/v1/workspaces': () =>
          jsonResponse({
            items: [...workspaces, workspace('ws-team', 'MAIN', 'workspace_manager')],
          }),
        'GET /api/tokens': () => jsonResponse(tokenPage(3)),
        'POST /api/v1/workspaces/ws-active/transfer-tokens': () => jsonResponse({ transferred: 2 }),
      },
      sessionFor({ downgraded: true }),
    );
    renderAccount();
    const user = userEvent.setup();
    const scope = within(
      await screen.findByRole('form', { name: 'Transfer tokens from frozen workspaces' }),
    );
    expect(scope.getByRole('combobox', { name: 'Frozen workspace' })).toHaveTextContent(
      'Old project',
    );
    // The viewer's workspace cannot receive tokens; names that repeat say whose.
    await user.click(scope.getByRole('combobox', { name: 'Transfer to' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Main (yours)',
      'MAIN (Workspace Manager)',
    ]);
    await user.keyboard('{Escape}');

    await user.click(await scope.findByRole('checkbox', { name: /Token 01/ }));
    await user.click(scope.getByRole('checkbox', { name: /Token 03/ }));
    expect(scope.getByText(/2 of 3 selected/)).toBeVisible();
    await user.click(scope.getByRole('button', { name: 'Transfer 2 tokens' }));
    expect(await screen.findByText('Tokens transferred')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST' && r.path.endsWith('/transfer-tokens'));
    expect(post?.body).toEqual({ from_workspace_id: 'ws-frozen', token_ids: ['tok-1', 'tok-3'] });
    const list = requests.find((r) => r.path === '/api/tokens');
    expect(list?.url.searchParams.get('workspace_id')).toBe('ws-frozen');
    await waitFor(() =>
      expect(scope.getByRole('button', { name: 'Transfer 0 tokens' })).toBeDisabled(),
    );
  });

  it('selects at most 48 tokens per transfer', async () => {
    const { requests } = serve(
      {
        'GET /api/v1/workspaces': () => jsonResponse({ items: workspaces }),
        'GET /api/tokens': () => jsonResponse(tokenPage(60)),
        'POST /api/v1/workspaces/ws-active/transfer-tokens': () =>
          jsonResponse({ transferred: 48 }),
      },
      sessionFor({ downgraded: true }),
    );
    renderAccount();
    const user = userEvent.setup();
    const scope = within(
      await screen.findByRole('form', { name: 'Transfer tokens from frozen workspaces' }),
    );
    await user.click(await scope.findByRole('button', { name: 'Select up to 48' }));
    expect(scope.getByText(/48 of 48 selected/)).toBeVisible();
    expect(
      scope.getByText('At most 48 tokens per transfer; transfer these, then choose more.'),
    ).toBeVisible();
    expect(scope.getByRole('checkbox', { name: /Token 49/ })).not.toBeChecked();
    expect(scope.getByRole('checkbox', { name: /Token 49/ })).toBeDisabled();
    expect(scope.getByRole('checkbox', { name: /Token 01/ })).toBeEnabled();
    await user.click(scope.getByRole('button', { name: 'Transfer 48 tokens' }));
    await screen.findByText('Tokens transferred');
    const post = requests.find((r) => r.path.endsWith('/transfer-tokens'));
    expect((post?.body as { token_ids: string[] }).token_ids).toHaveLength(48);
  });

  it('explains when no active workspace can receive the tokens', async () => {
    serve(
      {
        'GET /api/v1/workspaces': () =>
          jsonResponse({ items: [workspace('ws-frozen', 'Old project', 'admin', true)] }),
      },
      sessionFor({ downgraded: true }),
    );
    renderAccount();
    expect(await screen.findByText(/No active workspace can receive tokens/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'upgrade your plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    // Free allows one owned workspace, the frozen one: creating another would be refused.
    expect(screen.getByText(/Your plan allows no more workspaces/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create a workspace' })).toBeNull();
  });

  it('offers to create a workspace to move the tokens into while the plan allows another', async () => {
    serve(
      {
        'GET /api/v1/workspaces': () =>
          jsonResponse({ items: [workspace('ws-frozen', 'Old project', 'admin', true)] }),
      },
      sessionFor({ downgraded: true, plan: 'pro' }),
    );
    renderAccount();
    expect(await screen.findByRole('link', { name: 'Create a workspace' })).toHaveAttribute(
      'href',
      '/workspaces',
    );
  });
});

describe('account view: weekly summary', () => {
  it('turns the weekly summary on in a chosen time zone and says when it goes out', async () => {
    let saved: unknown;
    const { requests } = serve({
      'GET /api/account/weekly-summary': () =>
        jsonResponse({ enabled: false, time_zone: null, next_send_at: null, last_sent_at: null }),
      'PUT /api/account/weekly-summary': (request) => {
        saved = request.body;
        return jsonResponse({
          enabled: true,
          time_zone: 'Europe/Zurich',
          next_send_at: '2030-01-07T07:00:00.000Z',
          last_sent_at: null,
        });
      },
    });
    renderAccount();
    const user = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'Weekly summary' }));
    const save = await section.findByRole('button', { name: 'Save weekly summary' });
    expect(save).toBeDisabled();
    expect(section.queryByRole('combobox', { name: 'Time zone' })).toBeNull();
    await user.click(section.getByRole('switch', { name: 'Email me a weekly summary' }));
    const zone = section.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Europe/Zur');
    await user.click(await screen.findByRole('option', { name: 'Europe/Zurich' }));
    await user.click(save);
    expect(await screen.findByText('Weekly summary turned on')).toBeInTheDocument();
    expect(saved).toEqual({ enabled: true, time_zone: 'Europe/Zurich' });
    const put = requests.find(
      (r) => r.method === 'PUT' && r.path === '/api/account/weekly-summary',
    );
    expect(put?.headers.get('X-CSRF-Token')).toBe('csrf');
    expect(await section.findByText(/Next summary:/)).toBeVisible();
    expect(section.getByRole('button', { name: 'Save weekly summary' })).toBeDisabled();
  }, 30_000);

  it('says so when the settings cannot be loaded', async () => {
    serve({
      'GET /api/account/weekly-summary': () =>
        jsonResponse({ error: 'Internal error', code: 'INTERNAL' }, 500),
    });
    renderAccount();
    expect(
      await screen.findByText('The weekly summary settings could not be loaded.'),
    ).toBeVisible();
  });
});
