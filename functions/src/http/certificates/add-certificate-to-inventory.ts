import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { addCtFindingToInventory } from '../../services/certificate-transparency/watched-domains';
import { checkSavedEndpoints } from '../../services/endpoints/saved-endpoint-checks';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

/**
 * `POST /api/v1/workspaces/{id}/watched-domains/certificates/{certificateId}/inventory` ("Add to
 * inventory"): admins and workspace managers. Its endpoint is checked at once
 * (services/endpoints/saved-endpoint-checks).
 */
export const handler = createHttpHandler(
  tokenRoutes.addCertificateToInventory,
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    const token = await addCtFindingToInventory({
      access,
      actor: user,
      certificateId: params.certificateId,
      now,
    });
    await checkSavedEndpoints({ token, previous: undefined, plan: access.plan, now });
    return { status: 201, body: token };
  },
);
