import { sesMailer } from '../../adapters/ses-mailer';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { transferWorkspaceOwnership } from '../../services/workspaces/ownership-transfer';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `POST /api/v1/workspaces/{id}/transfer-ownership` `{user_id}`: the owner only (API keys are
 * refused, as for the other admin-only workspace routes). Allowed on a frozen workspace, which
 * the new owner's plan may lift.
 */
export const handler = createHttpHandler(
  workspaceRoutes.transferWorkspaceOwnership,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    await transferWorkspaceOwnership({
      access,
      caller: user,
      toUserId: body.user_id,
      now,
      mailer: sesMailer,
    });
    return { body: { ok: true } };
  },
);
