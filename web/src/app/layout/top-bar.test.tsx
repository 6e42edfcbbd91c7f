import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import {
  LOGGED_OUT_SESSION,
  installFetchMock,
  jsonResponse,
  sessionFor,
} from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { defaultRuntimeConfig, setRuntimeConfig } from '../../lib/current-runtime-config';
import { resetToastHistory } from '../../lib/toasts';

function serve({
  plan = 'pro',
  role = 'admin',
  workspaces,
  alerts = () => jsonResponse({ items: [] }),
  invitations = [],
}: {
  plan?: string;
  role?: string;
  workspaces?: unknown[];
  alerts?: () => Response;
  invitations?: unknown[];
} = {}) {
  let loggedIn = true;
  return installFetchMock({
    'GET /api/session': () => jsonResponse(loggedIn ? sessionFor({ plan }) : { loggedIn: false }),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 't' }),
    'POST /api/logout': () => {
      loggedIn = false;
      return jsonResponse({ ok: true });
    },
    'GET /api/v1/workspaces': () =>
      jsonResponse({
        items: workspaces ?? [{ id: 'w1', name: 'Production', plan, role, is_frozen: false }],
      }),
    'GET /api/alert-queue': alerts,
    'GET /api/invitations': () => jsonResponse({ items: invitations }),
    'GET /api/tokens': () =>
      jsonResponse({ items: [], total: 0, facets: { category: {}, section: [] } }),
  });
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

/** An alert of workspace w1 the queue lists as sent once, with the given fields. */
function sentAlert(fields: {
  id: string;
  token_name: string;
  expires_at: string;
  threshold: number;
  problem?: string;
  created_at: string;
}) {
  return {
    workspace_id: 'w1',
    token_id: `token-of-${fields.id}`,
    status: 'sent',
    dead_lettered: false,
    channels: [],
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    updated_at: fields.created_at,
    ...fields,
  };
}

describe('top bar', () => {
  it('shows every item for an admin on a paid plan', async () => {
    serve();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    const nav = mainNav();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Audit' })).toBeInTheDocument(),
    );
    for (const name of [
      'Tokens',
      'Usage',
      'Integrations',
      'Docs',
      'Pricing',
      'Help',
      'Workspaces',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Expiry Radar home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(nav).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });

  it('marks the current page: Tokens on the dashboard, nothing in the bar on the account view', async () => {
    serve();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    expect(within(mainNav()).getByRole('link', { name: 'Tokens' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('marks Account Settings in the user menu on the account view, and no top bar link', async () => {
    serve();
    renderApp('/dashboard?view=account');
    await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
    const nav = mainNav();
    await within(nav).findByRole('link', { name: 'Workspaces' });
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Preferences' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('points to pending invitations', async () => {
    serve({
      invitations: [
        {
          id: 'inv-1',
          workspace_id: 'w9',
          workspace_name: 'Team space',
          role: 'viewer',
          invited_by_name: 'Grace Hopper',
          invited_at: '2025-03-01T10:00:00.000Z',
        },
      ],
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    const link = await within(mainNav()).findByRole('link', { name: '1 pending invitation' });
    expect(link).toHaveAttribute('href', '/workspaces#invitations');
  });

  it('shows no invitations pointer without pending invitations', async () => {
    serve();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    await screen.findByLabelText('Workspace');
    expect(within(mainNav()).queryByRole('link', { name: /pending invitation/ })).toBeNull();
  });

  it('hides Usage from a viewer, who still has Audit and Workspaces', async () => {
    serve({ role: 'viewer' });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    await screen.findByLabelText('Workspace');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Tokens' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Usage' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
    for (const name of ['Audit', 'Workspaces']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('offers Audit and Workspaces to an admin on the free plan, whose pages open', async () => {
    serve({ plan: 'free' });
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Token Management Dashboard' });
    const user = userEvent.setup();
    await user.click(await within(mainNav()).findByRole('link', { name: 'Audit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit'));
    expect(await screen.findByRole('heading', { level: 1, name: /^audit log$/i })).toBeVisible();
    await user.click(within(mainNav()).getByRole('link', { name: 'Workspaces' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Workspaces' })).toBeVisible();
  });

  it('switches the workspace from the picker, a native select that names each workspace', async () => {
    serve({
      workspaces: [
        { id: 'w1', name: 'Production', plan: 'pro', role: 'admin', is_frozen: false },
        { id: 'w2', name: 'Staging', plan: 'pro', role: 'workspace_manager', is_frozen: false },
      ],
    });
    const { router } = renderApp('/dashboard?workspace=w1');
    const picker = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(picker).toHaveValue('w1'));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Production', 'Staging']);
    await userEvent.setup().selectOptions(picker, 'Staging');
    await waitFor(() => expect(router.state.location.search).toContain('workspace=w2'));
    expect(picker).toHaveValue('w2');
  });

  it('disables the picker on the free plan with one workspace, with the upgrade hint', async () => {
    serve({ plan: 'free' });
    renderApp('/dashboard');
    const picker = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(picker).toBeDisabled();
    expect(picker).toHaveAccessibleDescription('Upgrade to create more workspaces');
  });

  it('the bell shows an empty state when the alert call fails, without a toast', async () => {
    const errorToast = jest.spyOn(toast, 'error');
    serve({ alerts: () => jsonResponse({ error: 'nope' }, 500) });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No recent alerts/)).toBeVisible();
    expect(errorToast).not.toHaveBeenCalled();
    errorToast.mockRestore();
  });

  it('the bell lists recent alerts of the selected workspace, with the days left', async () => {
    const ENDPOINT_PROBLEM = 'shop.example.com:443: the certificate chain is not trusted';
    const { requests } = serve({
      alerts: () =>
        jsonResponse({
          items: [
            sentAlert({
              id: 'al1',
              token_name: 'api.example.com',
              expires_at: addCalendarDays(new Date(), 5),
              threshold: 7,
              created_at: '2026-11-20T10:00:00.000Z',
            }),
            sentAlert({
              id: 'al2',
              token_name: 'shop.example.com',
              expires_at: addCalendarDays(new Date(), 45),
              threshold: 0,
              problem: ENDPOINT_PROBLEM,
              created_at: '2026-11-20T09:00:00.000Z',
            }),
          ],
        }),
    });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 recent' }));
    expect(await screen.findByText('api.example.com')).toBeVisible();
    const dialog = screen.getByRole('dialog', { name: 'Recent alerts' });
    expect(within(dialog).getByText(/^Expires in 5 days · /)).toBeVisible();
    expect(within(dialog).queryByText(/before expiry/)).toBeNull();
    // An endpoint problem's alert says what is wrong, not the days its certificate has left.
    expect(within(dialog).getByText(`${ENDPOINT_PROBLEM} · `, { exact: false })).toBeVisible();
    expect(within(dialog).queryByText(/Expires in 45 days/)).toBeNull();
    expect(within(dialog).getAllByText('Sent')).toHaveLength(2);
    const call = requests.find((r) => r.path === '/api/alert-queue');
    expect(call?.url.searchParams.get('workspace_id')).toBe('w1');
    expect(call?.url.searchParams.get('limit')).toBe('10');
  });

  it('user menu: links, and Sign Out posts /api/logout and says so', async () => {
    const successToast = jest.spyOn(toast, 'success');
    // jsdom does not scroll; the way home asks for the top.
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { requests } = serve();
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/dashboard?view=account',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Preferences' })).toHaveAttribute(
      'href',
      '/preferences',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Billing & Plans' })).toHaveAttribute(
      'href',
      '/billing',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The landing page's chunk is compiled on first use: allow it more than a second.
    expect(await screen.findByRole('link', { name: 'Sign in' }, { timeout: 5_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/logout')).toBe(true);
    expect(successToast).toHaveBeenCalledWith('Successfully logged out', expect.anything());
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    successToast.mockRestore();
    scrollTo.mockRestore();
  });

  it('offers the same items in a side drawer', async () => {
    serve();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Navigation menu' });
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Audit' })).toBeVisible());
    for (const name of [
      'Tokens',
      'Usage',
      'Integrations',
      'Docs',
      'Pricing',
      'Help',
      'Workspaces',
      'Account Settings',
      'Preferences',
      'Billing & Plans',
    ]) {
      expect(within(drawer).getByRole('link', { name })).toBeVisible();
    }
    expect(within(drawer).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  describe('drawer links', () => {
    // The check that nothing navigated while the drawer leaves races its 225 ms exit: on a
    // machine busy enough to stall longer between the click and the check, it is tried again.
    jest.retryTimes(2, { logErrorsBeforeRetry: true });

    it('follows a drawer link once the drawer has closed, so no two modals overlap', async () => {
      serve();
      const { router } = renderApp('/dashboard');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
      const drawer = await screen.findByRole('navigation', { name: 'Navigation menu' });
      await user.click(within(drawer).getByRole('link', { name: 'Workspaces' }));
      // Still on the dashboard while the drawer leaves; there once it has gone.
      expect(router.state.location.pathname).toBe('/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));
      expect(screen.queryByRole('navigation', { name: 'Navigation menu' })).toBeNull();
    });
  });

  it('signed out, offers only pages a visitor can open (no Docs or Help)', async () => {
    installFetchMock({ 'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION) });
    const pricing = renderApp('/pricing');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    const inBar = within(mainNav()).getAllByRole('link');
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Navigation menu' });
    const offered = [...inBar, ...within(drawer).getAllByRole('link')].map(
      (link) => link.getAttribute('href') ?? '',
    );
    expect(offered).toContain('/pricing');
    expect(offered).not.toContain('/docs');
    expect(offered).not.toContain('/help');
    pricing.unmount();

    for (const href of new Set(offered)) {
      const view = renderApp(href);
      await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
      expect({ href, lands: view.router.state.location.pathname }).toEqual({ href, lands: href });
      view.unmount();
    }
  });

  it('has the footer links, the support address and chat only when the deployment sets them', async () => {
    serve();
    const view = renderApp('/pricing');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(within(footer).getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/docs/api',
    );
    expect(within(footer).queryByRole('link', { name: 'Contact support' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Community chat' })).toBeNull();
    view.unmount();

    setRuntimeConfig({
      ...defaultRuntimeConfig,
      supportEmail: 'help@example.com',
      communityChatUrl: 'https://chat.example.com/invite',
    });
    try {
      renderApp('/pricing');
      const withContacts = await screen.findByRole('navigation', { name: 'Footer' });
      expect(within(withContacts).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'href',
        'mailto:help@example.com',
      );
      const chat = within(withContacts).getByRole('link', { name: 'Community chat' });
      expect(chat).toHaveAttribute('href', 'https://chat.example.com/invite');
      expect(chat).toHaveAttribute('target', '_blank');
    } finally {
      setRuntimeConfig(defaultRuntimeConfig);
    }
  });

  it('links the public OpenAPI document from the footer when signed out', async () => {
    installFetchMock({
      'GET /api/session': () => jsonResponse(LOGGED_OUT_SESSION),
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 't' }),
    });
    renderApp('/pricing');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
  });
});
