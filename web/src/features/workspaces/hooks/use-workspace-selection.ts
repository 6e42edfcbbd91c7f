import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { rememberWorkspaces } from '../../../lib/known-workspaces';
import { localStore, storageKeys } from '../../../lib/local-store';
import { queryParams } from '../../../lib/paths';
import { workspaceListQueryOptions } from '../api/workspace-queries';
import { chooseWorkspace, selectableWorkspaces } from '../workspace-selection';
import { useLostMembership } from './use-lost-membership';

export interface WorkspaceSelection {
  /** The workspaces the user may pick (frozen ones left out). */
  workspaces: Workspace[];
  /** Every workspace, frozen ones included. */
  allWorkspaces: Workspace[];
  selected: Workspace | null;
  isLoading: boolean;
  /** Selects a workspace: written to the URL and localStorage. */
  select: (id: string) => void;
  /**
   * With `writeBack`: the frozen workspace the URL named, which another one replaced (the app
   * says why), until the user dismisses it or selects a workspace.
   */
  replacedFrozen: Workspace | null;
  /** Forgets `replacedFrozen` (the notice was dismissed). */
  dismissReplacedFrozen: () => void;
  /**
   * With `writeBack`: the link the page opened named a workspace the user's list does not hold
   * (it does not exist or the user is not a member), until dismissed or a workspace is selected.
   */
  linkedMissing: boolean;
  /** Forgets `linkedMissing` (the notice was dismissed). */
  dismissLinkedMissing: () => void;
  /**
   * With `writeBack`: the workspace that was selected until the user turned out to be no longer
   * a member of it (use-lost-membership.ts), until dismissed or a workspace is selected.
   */
  lostWorkspace: Workspace | null;
  /** Forgets `lostWorkspace` (the notice was dismissed). */
  dismissLostWorkspace: () => void;
}

interface Options {
  /** Whether the list may be read (a verified session). */
  enabled: boolean;
  /** Write the choice back to the URL and localStorage (once per page: the app shell). */
  writeBack?: boolean;
}

const isWholeList = ({ items, total }: { items: readonly Workspace[]; total?: number }) =>
  total === undefined || total <= items.length;

/** A section and an open token belong to the workspace they were chosen in. */
function dropWorkspaceItems(search: URLSearchParams): void {
  search.delete(queryParams.section);
  search.delete(queryParams.token);
}

/**
 * The selected workspace, which every workspace page follows: chosen from the URL, the last used
 * one and the list (`chooseWorkspace`), never a frozen one.
 */
export function useWorkspaceSelection({ enabled, writeBack = false }: Options): WorkspaceSelection {
  const [search, setSearch] = useSearchParams();
  const query = useQuery({ ...workspaceListQueryOptions(), enabled });
  const allWorkspaces = query.data?.items ?? [];
  const fromUrl = search.get(queryParams.workspace);
  const selected = query.data
    ? chooseWorkspace({
        workspaces: allWorkspaces,
        fromUrl,
        stored: localStore.get(storageKeys.lastWorkspace),
      })
    : null;
  const selectedId = selected?.id ?? null;
  const loaded = query.isSuccess;

  // A frozen workspace is never selected: the one written back in its place says so.
  const frozenInUrl =
    writeBack && fromUrl
      ? (allWorkspaces.find((workspace) => workspace.id === fromUrl && workspace.is_frozen) ?? null)
      : null;
  const [replacedFrozen, setReplacedFrozen] = useState<Workspace | null>(null);
  if (frozenInUrl && frozenInUrl.id !== replacedFrozen?.id) setReplacedFrozen(frozenInUrl);
  const dismissReplacedFrozen = useCallback(() => setReplacedFrozen(null), []);

  // The lookup holds the first 100 workspaces: of a user in more, it cannot tell who is not in one.
  const listed = query.data && isWholeList(query.data) ? query.data.items : undefined;
  // Asked once, of the first list the page reads: a workspace deleted or left later is not the
  // link's doing.
  const [linkChecked, setLinkChecked] = useState(false);
  const [linkedMissing, setLinkedMissing] = useState(false);
  if (writeBack && loaded && !linkChecked) {
    setLinkChecked(true);
    if (fromUrl && listed && !listed.some((workspace) => workspace.id === fromUrl)) {
      setLinkedMissing(true);
    }
  }
  const dismissLinkedMissing = useCallback(() => setLinkedMissing(false), []);

  const { lostWorkspace, dismissLostWorkspace } = useLostMembership({
    active: writeBack && enabled,
    selected,
    listed,
    listedAt: query.dataUpdatedAt,
    listFetching: query.isFetching,
  });

  useEffect(() => {
    if (writeBack && listed) rememberWorkspaces(selectableWorkspaces(listed).map(({ id }) => id));
  }, [writeBack, listed]);

  useEffect(() => {
    if (!writeBack || !loaded) return;
    if (selectedId) {
      localStore.set(storageKeys.lastWorkspace, selectedId);
    } else {
      localStore.remove(storageKeys.lastWorkspace);
    }
    if (fromUrl === selectedId) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (selectedId) next.set(queryParams.workspace, selectedId);
        else next.delete(queryParams.workspace);
        // Another workspace than the URL named (one left, deleted or frozen): its token and
        // section are not this one's.
        if (fromUrl) dropWorkspaceItems(next);
        return next;
      },
      { replace: true },
    );
  }, [writeBack, loaded, selectedId, fromUrl, setSearch]);

  const select = useCallback(
    (id: string) => {
      setReplacedFrozen(null);
      setLinkedMissing(false);
      dismissLostWorkspace();
      localStore.set(storageKeys.lastWorkspace, id);
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.set(queryParams.workspace, id);
        dropWorkspaceItems(next);
        return next;
      });
    },
    [setSearch, dismissLostWorkspace],
  );

  return {
    workspaces: selectableWorkspaces(allWorkspaces),
    allWorkspaces,
    selected,
    isLoading: enabled && query.isPending,
    select,
    replacedFrozen,
    dismissReplacedFrozen,
    linkedMissing,
    dismissLinkedMissing,
    lostWorkspace,
    dismissLostWorkspace,
  };
}
