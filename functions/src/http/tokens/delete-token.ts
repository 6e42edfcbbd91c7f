import { AUDIT_ACTIONS } from '../../data/audit-events';
import { deleteToken } from '../../data/token-mutations';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireEditor, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { loadTokenAccess } from '../../services/tokens/token-access';
import { recordTokenEvent } from '../../services/tokens/token-audit';
import { withTokenWriteErrors } from '../../services/tokens/token-write-errors';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/** `DELETE /api/tokens/{id}`: removes a token permanently (admins and workspace managers). */
export const handler = createHttpHandler(
  tokenRoutes.deleteToken,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    const { access, token } = await loadTokenAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    await withTokenWriteErrors(access.plan, () => deleteToken(token, now));
    await recordTokenEvent({
      access,
      user,
      action: AUDIT_ACTIONS.tokenDeleted,
      target: token,
      metadata: { category: token.category, type: token.type, expiresAt: token.expiresAt },
      now,
    });
    return { body: { ok: true } };
  },
);
