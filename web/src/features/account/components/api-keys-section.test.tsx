import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { defaultApiKeyExpiry, latestApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import { installFetchMock, jsonResponse, sessionFor } from '../../../../test-support/mock-fetch';
import { mediaQueryList } from '../../../../test-support/match-media';
import { renderRoutes } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { ApiKeysSection } from './api-keys-section';

const SECRET = `er_${'A'.repeat(43)}`;

const apiKey = (overrides: Record<string, unknown> = {}) => ({
  id: 'key-1',
  name: 'CI renewals',
  workspace_id: 'ws-1',
  workspace_name: 'Main',
  access: 'read_write',
  created_at: '2030-01-01T00:00:00.000Z',
  expires_at: '2030-04-01',
  expired: false,
  last_used_at: null,
  paused: false,
  token: { id: 'tok-1', workspace_id: 'ws-1' },
  ...overrides,
});

function serve(items: unknown[] = [apiKey()], limit: number | null = 2) {
  return installFetchMock({
    'GET /api/session': () => jsonResponse(sessionFor()),
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'GET /api/v1/workspaces': () =>
      jsonResponse({
        items: [{ id: 'ws-1', name: 'Main', plan: 'free', role: 'admin', is_frozen: false }],
        total: 1,
      }),
    'GET /api/account/api-keys': () => jsonResponse({ items, limit }),
    'POST /api/account/api-keys': () =>
      jsonResponse({ key: apiKey({ id: 'key-2', name: 'Deploys' }), secret: SECRET }, 201),
    'DELETE /api/account/api-keys/key-1': () => jsonResponse({ ok: true }),
  });
}

function renderSection() {
  return renderRoutes([{ path: '/dashboard', element: <ApiKeysSection /> }], '/dashboard');
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('account: API keys', () => {
  it('lists each key with its scope, access, last use and expiry', async () => {
    serve([
      apiKey(),
      apiKey({
        id: 'key-2',
        name: 'Audit export',
        workspace_id: null,
        workspace_name: null,
        access: 'read',
        expired: true,
        last_used_at: '2030-01-02T10:00:00.000Z',
      }),
    ]);
    renderSection();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/CI renewals.*Main.*Read and write.*Never/);
    expect(second).toHaveTextContent(/Audit export.*All workspaces.*Read-only/);
    expect(within(second!).getByText('Expired')).toBeVisible();
    // An expired key does not count: creating one revokes it to make room.
    expect(
      screen.getByText('1 of 2 keys your plan allows; expired keys make room for new ones'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeEnabled();
  });

  it('on a phone, shows a card per key with every column and its Revoke button', async () => {
    const phone = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width')));
    try {
      serve([apiKey({ expired: true, last_used_at: '2030-01-02T10:00:00.000Z' })]);
      renderSection();
      const cards = await screen.findByRole('list', { name: 'API keys' });
      expect(screen.queryByRole('table', { name: 'API keys' })).toBeNull();
      const [card] = within(cards).getAllByRole('listitem');
      expect(card).toHaveTextContent(/CI renewals.*Expired.*Scope.*Main.*Access.*Read and write/);
      expect(card).toHaveTextContent(/Last used.*Expires/);
      expect(within(card!).getByRole('button', { name: 'Revoke CI renewals' })).toBeVisible();
    } finally {
      phone.mockRestore();
    }
  });

  it('shows a use made elsewhere when the user comes back to the tab, without a reload', async () => {
    let keys = [apiKey()];
    installFetchMock({
      'GET /api/session': () => jsonResponse(sessionFor()),
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'GET /api/account/api-keys': () => jsonResponse({ items: keys, limit: 2 }),
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Never/);
    // The key is used from a terminal while the tab is in the background.
    focusManager.setFocused(false);
    keys = [apiKey({ last_used_at: new Date().toISOString() })];
    focusManager.setFocused(true);
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).not.toHaveTextContent(/Never/),
    );
    focusManager.setFocused(undefined);
  });

  it('allows no new key at the limit until one is revoked', async () => {
    serve([apiKey(), apiKey({ id: 'key-2', name: 'Audit export' })]);
    renderSection();
    expect(await screen.findByText('2 of 2 keys your plan allows')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeDisabled();
  });

  it('marks the keys a downgrade paused and says why', async () => {
    serve(
      [
        apiKey(),
        apiKey({ id: 'key-2', name: 'Audit export' }),
        apiKey({ id: 'key-3', name: 'Nightly sync', paused: true }),
      ],
      2,
    );
    renderSection();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(third!).getByText('Paused')).toBeVisible();
    expect(within(first!).queryByText('Paused')).not.toBeInTheDocument();
    expect(within(second!).queryByText('Paused')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The key marked Paused is refused: your plan allows 2 API keys and your oldest keys are kept. Revoke a key or upgrade to use it again.',
    );
  });

  it('creates a key and shows its secret once, with a copy button and a warning', async () => {
    const { requests } = serve([]);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByLabelText('Expires on')).toHaveValue(
      defaultApiKeyExpiry(new Date()),
    );
    await user.type(within(dialog).getByLabelText(/^Name/), 'Deploys');
    await user.click(within(dialog).getByRole('combobox', { name: 'Workspace' }));
    await user.click(await screen.findByRole('option', { name: 'Main' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Read and write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key “Deploys” created' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(SECRET);
    expect(within(shown).getByText(/shown only once/)).toBeVisible();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Deploys',
      workspace_id: 'ws-1',
      access: 'read_write',
      expires_at: defaultApiKeyExpiry(new Date()),
    });
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf');
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByText('Copied to the clipboard.')).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument());
  });

  it('checks the name and the expiry (at most one year) before sending', async () => {
    const { requests } = serve([]);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    const expiry = within(dialog).getByLabelText('Expires on');
    await user.clear(expiry);
    await user.type(expiry, `${Number(latestApiKeyExpiry(new Date()).slice(0, 4)) + 1}-12-31`);
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('An API key can last at most 365 days')).toBeVisible();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a key after asking, saying its token stays', async () => {
    const { requests } = serve();
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke CI renewals' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke API key “CI renewals”?' });
    expect(dialog).toHaveTextContent('stop working at once');
    expect(dialog).toHaveTextContent('“API key: CI renewals” stays in your inventory');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.path === '/api/account/api-keys/key-1',
      ),
    ).toBe(true);
  });
});
