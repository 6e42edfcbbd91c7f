import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { workspaceKeys } from '../api/workspace-keys';
import { isWorkspaceRefusal } from '../workspace-refusal';

interface Options {
  /** Whether to watch (once per page: the app shell's selection). */
  active: boolean;
  selected: Workspace | null;
  /** The user's whole list of workspaces as last read; undefined while unknown or partial. */
  listed: readonly Workspace[] | undefined;
  /** When that list was last read (ms since the epoch). */
  listedAt: number;
  /** Whether the list is being read again. */
  listFetching: boolean;
}

export interface LostMembership {
  /** The selected workspace the user turned out to be no longer in, as it was named. */
  lostWorkspace: Workspace | null;
  /** Forgets `lostWorkspace` (the notice was dismissed, or another workspace was selected). */
  dismissLostWorkspace: () => void;
}

/**
 * Notices that the user lost the selected workspace while the page was open (an admin removed
 * them, or it was deleted): a read or change of it was refused as of a non-member
 * (`isWorkspaceRefusal`). The list is then read again; when it no longer holds the workspace, the
 * selection has moved on to another one (or to none), the workspace's cached answers are dropped
 * and `lostWorkspace` names it, once. A refusal of a workspace still listed changes nothing.
 */
export function useLostMembership({
  active,
  selected,
  listed,
  listedAt,
  listFetching,
}: Options): LostMembership {
  const queryClient = useQueryClient();
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);

  // The workspace whose refusal asked for the list again, and when.
  const [checking, setChecking] = useState<{ workspace: Workspace; since: number } | null>(null);
  const [lostWorkspace, setLostWorkspace] = useState<Workspace | null>(null);

  useEffect(() => {
    if (!active) return;
    const onFailure = (error: unknown) => {
      const workspace = selectedRef.current;
      if (!workspace || !isWorkspaceRefusal(error)) return;
      setChecking((current) =>
        current?.workspace.id === workspace.id ? current : { workspace, since: Date.now() },
      );
      // Several reads fail together: one reading of the list answers them all.
      void queryClient.invalidateQueries(
        { queryKey: workspaceKeys.lists() },
        { cancelRefetch: false },
      );
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [active, queryClient]);

  if (checking && !listFetching && listedAt >= checking.since) {
    setChecking(null);
    if (listed && !listed.some(({ id }) => id === checking.workspace.id)) {
      setLostWorkspace(checking.workspace);
    }
  }

  // After the render that moved the selection on: nothing on the page asks for them any more.
  const lostId = lostWorkspace?.id;
  useEffect(() => {
    if (!lostId) return;
    queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey.includes(lostId) });
  }, [lostId, queryClient]);

  const dismissLostWorkspace = useCallback(() => setLostWorkspace(null), []);
  return { lostWorkspace, dismissLostWorkspace };
}
