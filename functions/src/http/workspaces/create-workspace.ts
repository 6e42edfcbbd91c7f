import { isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { workspaceLimitMessage } from '../../domain/plan-limit-messages';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createWorkspace, OwnedWorkspaceLimitError } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import { withWorkspaceNameErrors } from '../../services/workspaces/workspace-name-errors';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { workspaceView } from '../../services/workspaces/workspace-view';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `POST /api/v1/workspaces`: a workspace owned by the caller (its admin), on the caller's plan,
 * within that plan's number of owned workspaces, named unlike their other workspaces (409 at the
 * name otherwise). A `plan` in the body is ignored.
 */
export const handler = createHttpHandler(
  workspaceRoutes.createWorkspace,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    const plan = isPlan(user.plan) ? user.plan : 'free';
    const workspace = await withWorkspaceNameErrors(() =>
      createWorkspace({
        name: body.name,
        ownerId: user.id,
        plan,
        ownedLimit: PLAN_LIMITS[plan].workspacesOwned,
        now,
      }),
    ).catch((error: unknown) => {
      if (error instanceof OwnedWorkspaceLimitError) {
        throw new AppError('PLAN_LIMIT', workspaceLimitMessage(plan));
      }
      throw error;
    });
    await recordWorkspaceEvent({
      workspace: { workspaceId: workspace.id, plan },
      actor: user,
      action: AUDIT_ACTIONS.workspaceCreated,
      target: { type: 'workspace', id: workspace.id, name: workspace.name },
      metadata: { name: workspace.name },
      now,
    });
    return { status: 201, body: workspaceView(workspace, 'admin') };
  },
);
