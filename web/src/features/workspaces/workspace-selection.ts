import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';

export interface WorkspaceChoiceInput {
  workspaces: readonly Workspace[];
  /** `?workspace=` of the URL. */
  fromUrl: string | null;
  /** The last used one (localStorage). */
  stored: string | null;
}

/** Frozen workspaces are never selected or offered. */
export function selectableWorkspaces(workspaces: readonly Workspace[]): Workspace[] {
  return workspaces.filter((workspace) => !workspace.is_frozen);
}

/**
 * The selected workspace: the URL's workspace, else the last used, else the first non-frozen one,
 * preferring one where the user is admin or workspace manager. Null when none is left (e.g. after
 * deleting the only one); a deleted or frozen current workspace falls through to the next rule.
 */
export function chooseWorkspace({
  workspaces,
  fromUrl,
  stored,
}: WorkspaceChoiceInput): Workspace | null {
  const usable = selectableWorkspaces(workspaces);
  const byId = (id: string | null) => (id ? usable.find((w) => w.id === id) : undefined);
  return (
    byId(fromUrl) ?? byId(stored) ?? usable.find((w) => isEditorRole(w.role)) ?? usable[0] ?? null
  );
}
