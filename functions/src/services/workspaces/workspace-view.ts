import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';

/** A workspace as the API answers it: with the caller's role in it. */
export function workspaceView(
  workspace: {
    id: string;
    name: string;
    plan: Plan;
    isFrozen: boolean;
    requireTwoFactor: boolean;
    tokenCount: number;
  },
  role: Role,
): Workspace {
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    role,
    is_frozen: workspace.isFrozen,
    require_two_factor: workspace.requireTwoFactor,
    token_count: workspace.tokenCount,
  };
}
