import { AUDIT_ACTIONS } from '../../data/audit-events';
import { deleteToken } from '../../data/token-mutations';
import { createHttpHandler } from '../../platform/create-http-handler';
import { requireEditor, requireNotFrozen } from '../../platform/workspace-access';
import { requireSession } from '../auth/require-session';
import { loadTokenAccess } from './token-access';
import { recordTokenEvent } from './token-audit';
import { withTokenWriteErrors } from './token-write-errors';

/** `DELETE /api/tokens/{id}`: removes a token permanently (admins and workspace managers). */
export const handler = createHttpHandler('deleteToken', async ({ params, session, now }) => {
  const { user } = requireSession(session);
  const { access, token } = await loadTokenAccess(params.id, user.id);
  requireEditor(access);
  requireNotFrozen(access);
  await withTokenWriteErrors(access.plan, () => deleteToken(token));
  await recordTokenEvent({
    access,
    user,
    action: AUDIT_ACTIONS.tokenDeleted,
    target: token,
    metadata: { category: token.category, type: token.type, expiresAt: token.expiresAt },
    now,
  });
  return { body: { ok: true } };
});
