import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { workspaceNameKey } from '@expiry-radar/shared/domain/workspace-names';
import { isolated } from '../../lib/bidi-isolate';
import { isOwnWorkspace } from './owned-workspaces';

/** What tells apart a workspace whose name repeats in the list: "yours", else the user's role. */
function workspaceDistinction(workspace: Pick<Workspace, 'role'>): string {
  return isOwnWorkspace(workspace) ? 'yours' : ROLE_LABELS[workspace.role];
}

type LabelledWorkspace = Pick<Workspace, 'id' | 'name' | 'role' | 'is_frozen' | 'owner_name'>;

function countsOf<T>(items: readonly T[], keyOf: (item: T) => string): (item: T) => number {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return (item) => counts.get(keyOf(item)) ?? 0;
}

/**
 * The text of each workspace, by id, in every list of workspaces the user chooses from (the top
 * bar's picker, the transfer of tokens): its name, and where another workspace of `workspaces`
 * has the same name (as owners' names compare: case and extra spaces aside, so "Personal" and
 * "personal" repeat), whose it is: "yours", else the user's role, and where that still leaves
 * two alike (the user a Viewer of two people's "Acme"), the owner's name too: "Acme (Viewer,
 * Jane Doe's)". Names that are unique stay as they are. Pass all the user's workspaces, also
 * where a list shows some of them, so a workspace reads the same in every list. With
 * `markFrozen`, frozen workspaces say so too: "Archive (frozen)", "Personal (yours, frozen)".
 */
export function workspaceOptionLabels(
  workspaces: readonly LabelledWorkspace[],
  { markFrozen = false }: { markFrozen?: boolean } = {},
): ReadonlyMap<string, string> {
  const nameKey = (workspace: LabelledWorkspace) => workspaceNameKey(workspace.name);
  const sameName = countsOf(workspaces, nameKey);
  const sameNameAndDistinction = countsOf(workspaces, (workspace) =>
    JSON.stringify([nameKey(workspace), workspaceDistinction(workspace)]),
  );
  return new Map(
    workspaces.map((workspace) => {
      const notes: string[] = [];
      if (sameName(workspace) > 1) notes.push(workspaceDistinction(workspace));
      if (sameNameAndDistinction(workspace) > 1 && workspace.owner_name) {
        notes.push(`${isolated(workspace.owner_name)}'s`);
      }
      if (markFrozen && workspace.is_frozen) notes.push('frozen');
      // A right-to-left name is set apart from the notes after it (lib/bidi-isolate.ts).
      const label =
        notes.length > 0 ? `${isolated(workspace.name)} (${notes.join(', ')})` : workspace.name;
      return [workspace.id, label];
    }),
  );
}
