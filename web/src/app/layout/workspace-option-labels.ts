import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { workspaceNameKey } from '@expiry-radar/shared/domain/workspace-names';
import { isOwnWorkspace } from '../../features/workspaces';

/** What tells apart a workspace whose name repeats in the list: "yours", else the user's role. */
export function workspaceDistinction(workspace: Pick<Workspace, 'role'>): string {
  return isOwnWorkspace(workspace) ? 'yours' : ROLE_LABELS[workspace.role];
}

/**
 * The text of each workspace in the picker, by id: its name, and where another workspace of the
 * list has the same name (as owners' names compare: case and extra spaces aside, so "Personal"
 * and "personal" repeat), whose it is. Names that are unique stay as they are.
 */
export function workspaceOptionLabels(
  workspaces: readonly Pick<Workspace, 'id' | 'name' | 'role'>[],
): ReadonlyMap<string, string> {
  const counts = new Map<string, number>();
  for (const { name } of workspaces) {
    const key = workspaceNameKey(name);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map(
    workspaces.map((workspace) => [
      workspace.id,
      (counts.get(workspaceNameKey(workspace.name)) ?? 0) > 1
        ? `${workspace.name} (${workspaceDistinction(workspace)})`
        : workspace.name,
    ]),
  );
}
