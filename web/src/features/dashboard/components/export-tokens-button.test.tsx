import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { createTestQueryClient } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { resetToastHistory } from '../../../lib/toasts';
import { ExportTokensButton } from './export-tokens-button';

jest.mock('../../../lib/save-file', () => ({ saveFile: jest.fn() }));

function renderButton() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ExportTokensButton workspaceId="ws 1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  jest.mocked(saveFile).mockClear();
});
afterEach(() => toast.remove());

describe('Export', () => {
  it("downloads the workspace's tokens as CSV or JSON under the server's file name", async () => {
    const user = userEvent.setup();
    const { requests } = installFetchMock({
      'GET /api/v1/workspaces/ws%201/tokens/export': ({ url }) => {
        const format = url.searchParams.get('format');
        return new Response(format === 'csv' ? 'name\r\n' : '[]', {
          headers: {
            'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json',
            'Content-Disposition': `attachment; filename="expiry-radar-tokens-platform.${format}"`,
          },
        });
      },
    });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: /^Export CSV/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(jest.mocked(saveFile).mock.calls[0]![0].fileName).toBe(
      'expiry-radar-tokens-platform.csv',
    );
    expect(jest.mocked(saveFile).mock.calls[0]![0].blob.size).toBe('name\r\n'.length);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: /^Export JSON/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    expect(requests.map((request) => request.url.search)).toEqual(['?format=csv', '?format=json']);
  });

  it('shows a refusal as a toast and saves nothing', async () => {
    const user = userEvent.setup();
    const errorToast = jest.spyOn(toast, 'error');
    installFetchMock({
      'GET /api/v1/workspaces/ws%201/tokens/export': () =>
        jsonResponse({ error: 'Resource not found.', code: 'NOT_FOUND' }, 404),
    });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: /^Export JSON/ }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith('Resource not found.', expect.anything()),
    );
    expect(saveFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});
