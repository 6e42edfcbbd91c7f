import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { tokenFixture } from '../../../../test-support/token-fixtures';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { TokenDialog } from './token-dialog';

function renderDialog(token: Token, props: { onClose?: () => void; onSaved?: () => void } = {}) {
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <TokenDialog
            token={token}
            workspace={WORKSPACE}
            userEmail="ada@example.com"
            canEdit
            contactGroups={[]}
            now={new Date('2026-01-01T00:00:00Z')}
            onClose={props.onClose ?? (() => undefined)}
            onSaved={props.onSaved ?? (() => undefined)}
          />
        ),
      },
    ],
    '/dashboard',
  );
}

const WORKSPACE: Workspace = {
  id: 'ws-1',
  name: 'Platform',
  plan: 'free',
  role: 'admin',
  is_frozen: false,
};

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('token dialog: cost', () => {
  it('shows a cost with more than two decimals as stored and saves it unchanged', async () => {
    const token = tokenFixture({
      id: 'lic-1',
      name: 'IDE seats',
      category: 'license',
      type: 'software_license',
      cost: 12.345,
    });
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'GET /api/v1/workspaces/ws-1/members': () => jsonResponse({ items: [] }),
      'PUT /api/tokens/lic-1': (request) =>
        jsonResponse({ ...token, ...(request.body as Partial<Token>) }),
    });
    const onSaved = jest.fn();
    renderRoutes(
      [
        {
          path: '/dashboard',
          element: (
            <TokenDialog
              token={token}
              workspace={WORKSPACE}
              userEmail="ada@example.com"
              canEdit
              contactGroups={[]}
              now={new Date('2026-01-01T00:00:00Z')}
              onClose={() => undefined}
              onSaved={onSaved}
            />
          ),
        },
      ],
      '/dashboard',
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'IDE seats' });
    expect(within(dialog).getByText('12.345')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const cost = within(dialog).getByLabelText<HTMLInputElement>('Cost');
    expect(cost).toHaveValue(12.345);
    // The browser's own checks (its step among them) take the stored value as it is.
    expect(cost.validity.valid).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ cost: 12.345 });
  });
});

describe('token dialog: another member saved or deleted the token meanwhile', () => {
  const token = tokenFixture({
    id: 'ws-1.tok-1',
    name: 'Gateway cert',
    notes: 'old notes',
    updated_at: '2026-01-01T10:00:00.000Z',
  });
  const CHANGED =
    'Someone else changed this token after you opened it. Your changes were not saved.';

  async function editNotes(text: string) {
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Gateway cert' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const notes = within(dialog).getByLabelText('Notes');
    await user.clear(notes);
    await user.type(notes, text);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    return { user, dialog };
  }

  it('keeps the input on 412, says so in the dialog, and loads their changes only when asked', async () => {
    const theirs = { ...token, notes: 'their notes', updated_at: '2026-01-01T10:05:00.000Z' };
    const { requests } = installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'PUT /api/tokens/ws-1.tok-1': (request) =>
        request.headers.get('If-Match') === `"${theirs.updated_at}"`
          ? jsonResponse({ ...theirs, ...(request.body as Partial<Token>) })
          : jsonResponse({ error: CHANGED, code: 'PRECONDITION_FAILED' }, 412),
      'GET /api/tokens': () =>
        jsonResponse({ items: [theirs], total: 1, facets: { category: {}, section: [] } }),
    });
    const onSaved = jest.fn();
    renderDialog(token, { onSaved });
    const { user, dialog } = await editNotes('my notes');

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CHANGED);
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('my notes');
    expect(requests.find((request) => request.method === 'PUT')?.headers.get('If-Match')).toBe(
      `"${token.updated_at}"`,
    );
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Load their changes' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Notes')).toHaveValue('their notes'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(within(dialog).getByLabelText('Notes'), ' and mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ notes: 'their notes and mine' }),
        theirs,
      ),
    );
  });

  it('closes on 404 and says the token was deleted by someone else', async () => {
    installFetchMock({
      'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
      'PUT /api/tokens/ws-1.tok-1': () =>
        jsonResponse({ error: 'Token not found.', code: 'NOT_FOUND' }, 404),
    });
    const onClose = jest.fn();
    renderDialog(token, { onClose });
    await editNotes('my notes');
    expect(await screen.findByText('This token was deleted by someone else.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});
