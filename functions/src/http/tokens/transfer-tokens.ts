import { PLAN_LIMITS, isWithinLimit } from '@expiry-radar/shared/domain/plans';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { countTokens } from '../../data/token-records';
import { transferTokens } from '../../data/token-mutations';
import { badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { checkSavedEndpoints } from '../../services/endpoints/saved-endpoint-checks';
import { loadTokensOf } from '../../services/tokens/token-access';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { tokenLimitError, withTokenWriteErrors } from '../../services/tokens/token-write-errors';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `POST /api/v1/workspaces/{id}/transfer-tokens`: moves tokens from `from_workspace_id` into
 * `{id}`, all or nothing. The caller edits both (admin or workspace manager); the source may be
 * frozen (moving out is how a frozen workspace is emptied), the target may not, and the target's
 * plan limit holds. Moved tokens get new ids in the target; a moved certificate's endpoints never
 * checked are checked at once within the target's plan (services/endpoints/saved-endpoint-checks).
 */
export const handler = createHttpHandler(
  invitationRoutes.transferTokens,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    if (body.from_workspace_id === params.id) {
      throw badRequest('Choose a different workspace to transfer tokens from', [
        {
          path: 'from_workspace_id',
          message: 'Choose a different workspace to transfer tokens from',
        },
      ]);
    }
    const [target, source] = await Promise.all([
      loadWorkspaceAccess(params.id, user),
      loadWorkspaceAccess(body.from_workspace_id, user),
    ]);
    requireEditor(target);
    requireEditor(source);
    requireNotFrozen(target);
    const tokens = await loadTokensOf(source.workspaceId, [...new Set(body.token_ids)]);
    const limit = PLAN_LIMITS[target.plan].tokensPerWorkspace;
    if (!isWithinLimit(limit, (await countTokens(target.workspaceId)) + tokens.length)) {
      throw tokenLimitError(target.plan);
    }
    const moved = await withTokenWriteErrors(target.plan, () =>
      transferTokens({
        tokens,
        sourceWorkspaceId: source.workspaceId,
        targetWorkspaceId: target.workspaceId,
        targetTokenLimit: limit,
        now,
      }),
    );
    const metadata = {
      from_workspace_id: source.workspaceId,
      from_workspace_name: source.name,
      to_workspace_id: target.workspaceId,
      to_workspace_name: target.name,
      tokens: moved.map(({ fromId, token }) => ({
        from_id: fromId,
        id: token.id,
        name: token.name,
      })),
    };
    // In both trails; the target is the workspace the tokens went into.
    for (const access of [source, target]) {
      await recordWorkspaceEvent({
        workspace: access,
        actor: user,
        action: AUDIT_ACTIONS.tokensTransferred,
        target: { type: 'workspace', id: target.workspaceId, name: target.name },
        metadata,
        now,
      });
    }
    for (const { token } of moved) {
      await checkSavedEndpoints({ token, previous: undefined, plan: target.plan, now });
    }
    return { body: { transferred: moved.length } };
  },
);
