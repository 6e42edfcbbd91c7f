import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { createTestQueryClient } from '../../../../test-support/render-app';
import { ApiError, resetApiClientState } from '../../../lib/api-client';
import { useWorkspaceSelection } from './use-workspace-selection';

const LAST = 'expiry-radar:last-workspace';

let workspaceReads = 0;
let items = [
  { id: 'a', name: 'A', plan: 'pro', role: 'viewer', is_frozen: false },
  { id: 'b', name: 'B', plan: 'pro', role: 'admin', is_frozen: false },
  { id: 'c', name: 'C', plan: 'pro', role: 'admin', is_frozen: true },
];

function setup(entry: string, writeBack = true) {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => ({
      selection: useWorkspaceSelection({ enabled: true, writeBack }),
      location: useLocation(),
    }),
    { wrapper },
  );
  return { ...hook, client };
}

beforeEach(() => {
  resetApiClientState();
  items = [
    { id: 'a', name: 'A', plan: 'pro', role: 'viewer', is_frozen: false },
    { id: 'b', name: 'B', plan: 'pro', role: 'admin', is_frozen: false },
    { id: 'c', name: 'C', plan: 'pro', role: 'admin', is_frozen: true },
  ];
  workspaceReads = 0;
  installFetchMock({
    'GET /api/v1/workspaces': () => {
      workspaceReads += 1;
      return jsonResponse({ items });
    },
  });
});

describe('useWorkspaceSelection', () => {
  it('writes the choice back to the URL and localStorage, leaving frozen ones out', async () => {
    const { result } = setup('/dashboard?section=ops');
    await waitFor(() => expect(result.current.selection.selected?.id).toBe('b'));
    await waitFor(() => expect(result.current.location.search).toBe('?section=ops&workspace=b'));
    expect(window.localStorage.getItem(LAST)).toBe('b');
    expect(result.current.selection.workspaces.map((w) => w.id)).toEqual(['a', 'b']);
  });

  it('prefers the URL, then the stored one', async () => {
    window.localStorage.setItem(LAST, 'a');
    const fromStorage = setup('/dashboard');
    await waitFor(() => expect(fromStorage.result.current.location.search).toBe('?workspace=a'));
    fromStorage.unmount();

    const fromUrl = setup('/dashboard?workspace=b');
    await waitFor(() => expect(fromUrl.result.current.selection.selected?.id).toBe('b'));
    expect(window.localStorage.getItem(LAST)).toBe('b');
  });

  it('select() updates URL and storage and drops the section and the open token', async () => {
    const { result } = setup('/dashboard?workspace=b&section=ops&token=t1');
    await waitFor(() => expect(result.current.selection.selected?.id).toBe('b'));
    act(() => result.current.selection.select('a'));
    await waitFor(() => expect(result.current.location.search).toBe('?workspace=a'));
    expect(window.localStorage.getItem(LAST)).toBe('a');
  });

  it('without write-back leaves the URL alone', async () => {
    const { result } = setup('/pricing', false);
    await waitFor(() => expect(result.current.selection.selected?.id).toBe('b'));
    expect(result.current.location.search).toBe('');
    expect(window.localStorage.getItem(LAST)).toBeNull();
  });

  it("says when the link's workspace is not in the user's list, until another is selected", async () => {
    const { result } = setup('/dashboard?workspace=gone');
    await waitFor(() => expect(result.current.location.search).toBe('?workspace=b'));
    expect(result.current.selection.linkedMissing).toBe(true);
    // Remembered for the page's first script, which then reads no tokens of such a link.
    expect(window.localStorage.getItem('expiry-radar:known-workspaces')).toBe('a b');
    act(() => result.current.selection.select('a'));
    expect(result.current.selection.linkedMissing).toBe(false);

    const fromList = setup('/dashboard?workspace=c');
    // The last used one, chosen just now.
    await waitFor(() => expect(fromList.result.current.location.search).toBe('?workspace=a'));
    expect(fromList.result.current.selection.linkedMissing).toBe(false);
    expect(fromList.result.current.selection.replacedFrozen?.id).toBe('c');
  });

  it('when the current workspace is deleted, picks the first remaining or clears', async () => {
    const { result, client } = setup('/dashboard?workspace=b&token=t1');
    await waitFor(() => expect(result.current.selection.selected?.id).toBe('b'));

    items = items.filter((w) => w.id !== 'b');
    await act(() => client.invalidateQueries());
    // The token open in the workspace it left is not the next one's.
    await waitFor(() => expect(result.current.location.search).toBe('?workspace=a'));
    // Deleted after the page opened: not the link's doing.
    expect(result.current.selection.linkedMissing).toBe(false);

    items = [];
    await act(() => client.invalidateQueries());
    await waitFor(() => expect(result.current.location.search).toBe(''));
    expect(result.current.selection.selected).toBeNull();
    expect(window.localStorage.getItem(LAST)).toBeNull();
  });

  it('when a read of the selected workspace is refused as of a non-member, leaves it once', async () => {
    const { result, client } = setup('/dashboard?workspace=b');
    await waitFor(() => expect(result.current.selection.selected?.id).toBe('b'));
    client.setQueryData(['tokens', 'b', 'summary'], { total: 3 });
    client.setQueryData(['tokens', 'a', 'summary'], { total: 1 });
    const refused = (serverMessage: string) => (key: string) =>
      client
        .fetchQuery({
          queryKey: ['tokens', 'b', 'list', key],
          queryFn: () =>
            Promise.reject(new ApiError(serverMessage, { status: 404, serverMessage })),
          retry: false,
        })
        .catch(() => undefined);

    // One token that is not there: the list is not read again.
    await act(() => refused('Token not found.')('one'));
    // Still a member: the list is read again and nothing changes.
    await act(() => refused('Workspace not found.')('two'));
    await waitFor(() => expect(workspaceReads).toBe(2));
    expect(result.current.selection.lostWorkspace).toBeNull();
    expect(result.current.selection.selected?.id).toBe('b');

    // Removed meanwhile: several reads refused together read the list once more.
    items = items.filter((w) => w.id !== 'b');
    await act(() => Promise.all(['three', 'four'].map(refused('Workspace not found.'))));
    await waitFor(() => expect(result.current.location.search).toBe('?workspace=a'));
    expect(workspaceReads).toBe(3);
    expect(result.current.selection.lostWorkspace?.name).toBe('B');
    expect(client.getQueryData(['tokens', 'b', 'summary'])).toBeUndefined();
    expect(client.getQueryData(['tokens', 'a', 'summary'])).toEqual({ total: 1 });

    act(() => result.current.selection.dismissLostWorkspace());
    expect(result.current.selection.lostWorkspace).toBeNull();
  });
});
