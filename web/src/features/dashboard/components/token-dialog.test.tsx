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
