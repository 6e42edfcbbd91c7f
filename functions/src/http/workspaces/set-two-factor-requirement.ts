import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { setWorkspaceTwoFactorRequirement } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import {
  loadWorkspaceAccess,
  requireAdmin,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { workspaceView } from '../../services/workspaces/workspace-view';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

export const TWO_FACTOR_PLAN_MESSAGE =
  'Requiring two-factor authentication needs a Team or Enterprise plan. Upgrade to use it.';
export const ADMIN_NOT_ENROLLED_MESSAGE =
  'Turn on two-factor authentication for your own account first, so that the requirement does not lock you out.';

/**
 * `PUT /api/v1/workspaces/{id}/two-factor-requirement` `{required}` (admin; not while frozen):
 * requiring it needs a plan that offers it (team, enterprise) and the admin's own two-factor
 * authentication on; no longer requiring it is always allowed.
 */
export const handler = createHttpHandler(
  invitationRoutes.setWorkspaceTwoFactorRequirement,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireAdmin(access);
    requireNotFrozen(access);
    if (body.required) {
      if (!PLAN_LIMITS[access.plan].requireTwoFactor) {
        throw new AppError('FORBIDDEN', TWO_FACTOR_PLAN_MESSAGE);
      }
      if (!user.twoFactorEnabled) throw new AppError('FORBIDDEN', ADMIN_NOT_ENROLLED_MESSAGE);
    }
    const workspace = await setWorkspaceTwoFactorRequirement(
      access.workspaceId,
      body.required,
      now,
    );
    await recordWorkspaceEvent({
      workspace: access,
      actor: user,
      action: AUDIT_ACTIONS.workspaceTwoFactorRequirementChanged,
      target: { type: 'workspace', id: access.workspaceId, name: workspace.name },
      metadata: { required: body.required },
      now,
    });
    return { body: workspaceView(workspace, access.role) };
  },
);
