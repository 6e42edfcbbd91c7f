import { addDomainRegistrations } from '../../services/domain-registrations/bulk-registrations';
import { requireEditor, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/**
 * `POST /api/v1/workspaces/{id}/domain-registrations`: admins and workspace managers add domains
 * to follow in bulk, within the plan's tokens per workspace.
 */
export const handler = createHttpHandler(
  tokenRoutes.createDomainRegistrations,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    requireEditor(access);
    requireNotFrozen(access);
    return {
      status: 201,
      body: await addDomainRegistrations({
        access,
        user,
        entries: body.domains,
        expiresAt: body.expiresAt,
        section: body.section ?? null,
        now,
      }),
    };
  },
);
