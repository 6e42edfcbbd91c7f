import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireKnownContactGroup } from '../../services/alerts/token-contact-group';
import { requireSession } from '../pipeline/require-session';
import { requireContactGroupAllowed } from '../../services/tokens/token-access';
import { requireEndpointsAllowed } from '../../services/endpoints/endpoint-rules';
import { checkSavedEndpoints } from '../../services/endpoints/saved-endpoint-checks';
import { requireMemberOwner } from '../../services/tokens/token-owner';
import { requireAdditionalContactGroupsAllowed } from '../../services/tokens/additional-contact-groups';
import { createAuditedToken } from '../../services/tokens/token-creation';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/**
 * `POST /api/tokens`: admins and workspace managers, within the plan's tokens per workspace. A
 * certificate's endpoints are checked at once (services/endpoints/saved-endpoint-checks).
 */
export const handler = createHttpHandler(
  tokenRoutes.createToken,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    const { workspace_id: workspaceId, ...fields } = body;
    const access = await loadWorkspaceAccess(workspaceId, user);
    requireEditor(access);
    requireNotFrozen(access);
    requireContactGroupAllowed(access, fields.contact_group_id);
    await requireKnownContactGroup(access.workspaceId, fields.contact_group_id);
    await requireMemberOwner(access.workspaceId, fields.owner_id);
    await requireAdditionalContactGroupsAllowed(access, fields.additional_contact_group_ids);
    await requireEndpointsAllowed(access, fields);
    const token = await createAuditedToken({ access, user, fields, now });
    await checkSavedEndpoints({ token, previous: undefined, plan: access.plan, now });
    return { status: 201, body: token };
  },
);
