import { screen } from '@testing-library/react';
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
});
