import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { DOWNGRADED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';

function serve(session: ReturnType<typeof sessionFor>, workspaces: unknown[] = []) {
  installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/v1/workspaces': () => jsonResponse({ items: workspaces }),
  });
}

const workspace = (id: string, name: string, role: string, isFrozen = false) => ({
  id,
  name,
  plan: 'free',
  role,
  is_frozen: isFrozen,
});

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('app shell', () => {
  it('tells a downgraded user to transfer tokens, linking to the account view', async () => {
    serve(sessionFor({ downgraded: true }));
    renderApp('/help');
    // The first visit compiles the app shell's chunk: allow it more than a second.
    const notice = await screen.findByRole('link', { name: DOWNGRADED_NOTICE }, { timeout: 5_000 });
    expect(notice).toHaveAttribute('href', '/dashboard?view=account');
  });

  it('shows no such notice otherwise', async () => {
    serve(sessionFor());
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByText(DOWNGRADED_NOTICE)).not.toBeInTheDocument();
  });

  it('says why a link to a frozen workspace shows another one, until dismissed', async () => {
    serve(sessionFor({ downgraded: true }), [
      workspace('ws-personal', 'Personal', 'admin'),
      workspace('ws-acme', 'Client Acme', 'admin', true),
    ]);
    const { router } = renderApp('/docs?workspace=ws-acme');
    const notice = await screen.findByText('“Client Acme” is frozen', {}, { timeout: 5_000 });
    const alert = notice.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent(
      "It is beyond your plan's limits, so it is read-only with its alerts paused. “Personal” is shown instead.",
    );
    expect(within(alert).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(within(alert).getByRole('link', { name: 'transfer its tokens' })).toHaveAttribute(
      'href',
      '/dashboard?view=account',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?workspace=ws-personal'));
    expect(screen.getByText('“Client Acme” is frozen')).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('“Client Acme” is frozen')).toBeNull();
  });

  it("tells a member that the owner's plan froze it", async () => {
    serve(sessionFor(), [
      workspace('ws-own', 'Own', 'admin'),
      workspace('ws-team', 'Team space', 'viewer', true),
    ]);
    renderApp('/docs?workspace=ws-team');
    const notice = await screen.findByText('“Team space” is frozen', {}, { timeout: 5_000 });
    const alert = notice.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent("Its owner's plan no longer covers it");
    expect(alert).toHaveTextContent('“Own” is shown instead.');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('shows no notice for an active workspace in the link', async () => {
    serve(sessionFor(), [workspace('ws-own', 'Own', 'admin')]);
    renderApp('/docs?workspace=ws-own');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).toBeVisible();
    expect(screen.queryByText(/” is frozen$/)).toBeNull();
  });

  it('lifts the limits as the tab comes back after the plan changed in another tab', async () => {
    let plan = 'free';
    const { requests } = installFetchMock({
      'GET /api/session': () => jsonResponse(sessionFor({ plan })),
      'GET /api/v1/workspaces': () =>
        jsonResponse({ items: [{ ...workspace('ws-own', 'Own', 'admin'), plan }] }),
    });
    renderApp('/help');
    const picker = await screen.findByRole('combobox', { name: 'Workspace' }, { timeout: 5_000 });
    expect(picker).toBeDisabled();
    expect(picker).toHaveAccessibleDescription('Upgrade to create more workspaces');
    const reads = (path: string) => requests.filter((request) => request.path === path).length;
    expect(reads('/api/session')).toBe(1);

    plan = 'pro';
    const comeBack = () =>
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
      });
    // Within the plan's cache time (15 s) the tab keeps its answers.
    comeBack();
    expect(reads('/api/session')).toBe(1);
    const later = Date.now() + 16_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      comeBack();
      // The picker is drawn anew once it may be used.
      const current = () => screen.getByRole('combobox', { name: 'Workspace' });
      await waitFor(() => expect(current()).toBeEnabled());
      expect(current()).not.toHaveAccessibleDescription('Upgrade to create more workspaces');
      expect(reads('/api/session')).toBe(2);
      // The owned workspace, read before the change, is read again: its limits are the plan's.
      await waitFor(() => expect(reads('/api/v1/workspaces')).toBe(2));
    } finally {
      clock.mockRestore();
    }
  });

  it('names the page in the document title', async () => {
    serve(sessionFor());
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 5_000 });
    expect(document.title).toBe('Help · Expiry Radar');
  });

  it('starts with "Skip to content", which moves the focus to the main content', async () => {
    serve(sessionFor());
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 5_000 });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('');
  });
});
