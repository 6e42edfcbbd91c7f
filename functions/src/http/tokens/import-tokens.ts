import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { importTokens } from '../../services/tokens/token-import';
import { requireEditor, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `POST /api/v1/workspaces/{id}/imports`: admins and workspace managers of a workspace that is
 * not frozen import (or, with dryRun, preview) up to 5,000 rows of CSV or JSON.
 */
export const handler = createHttpHandler(
  invitationRoutes.importTokens,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    requireEditor(access);
    requireNotFrozen(access);
    const answer = await importTokens({ access, user, request: body, now });
    return { body: answer };
  },
);
