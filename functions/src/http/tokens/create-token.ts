import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createToken } from '../../data/token-mutations';
import { createHttpHandler } from '../../platform/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../platform/workspace-access';
import { requireKnownContactGroup } from '../alerts/token-contact-group';
import { requireSession } from '../auth/require-session';
import { requireContactGroupAllowed } from './token-access';
import { recordTokenEvent } from './token-audit';
import { withTokenWriteErrors } from './token-write-errors';

/** `POST /api/tokens`: admins and workspace managers, within the plan's tokens per workspace. */
export const handler = createHttpHandler('createToken', async ({ body, session, now }) => {
  const { user } = requireSession(session);
  const { workspace_id: workspaceId, ...fields } = body;
  const access = await loadWorkspaceAccess(workspaceId, user.id);
  requireEditor(access);
  requireNotFrozen(access);
  requireContactGroupAllowed(access, fields.contact_group_id);
  await requireKnownContactGroup(access.workspaceId, fields.contact_group_id);
  const token = await withTokenWriteErrors(access.plan, () =>
    createToken({
      workspaceId: access.workspaceId,
      fields,
      tokenLimit: PLAN_LIMITS[access.plan].tokensPerWorkspace,
      now,
    }),
  );
  await recordTokenEvent({
    access,
    user,
    action: AUDIT_ACTIONS.tokenCreated,
    target: token,
    metadata: { category: token.category, type: token.type, expiresAt: token.expiresAt },
    now,
  });
  return { status: 201, body: token };
});
