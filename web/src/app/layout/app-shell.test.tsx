import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { DOWNGRADED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { installFetchMock, jsonResponse, sessionFor } from '../../../test-support/mock-fetch';
import { renderApp } from '../../../test-support/render-app';
import { resetApiClientState } from '../../lib/api-client';
import { resetToastHistory } from '../../lib/toasts';

function serve(session: ReturnType<typeof sessionFor>) {
  installFetchMock({
    'GET /api/session': () => jsonResponse(session),
    'GET /api/v1/workspaces': () => jsonResponse({ items: [] }),
  });
}

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
