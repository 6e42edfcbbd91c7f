import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { addCtFindingToInventory } from '../../services/certificate-transparency/watched-domains';

/**
 * `POST /api/v1/workspaces/{id}/watched-domains/certificates/{certificateId}/inventory` ("Add to
 * inventory"): admins and workspace managers.
 */
export const handler = createHttpHandler(
  'addCertificateToInventory',
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return {
      status: 201,
      body: await addCtFindingToInventory({
        access,
        actor: user,
        certificateId: params.certificateId,
        now,
      }),
    };
  },
);
