import { revokeScimToken } from '../../services/scim/scim-tokens';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { scimSettingsRoutes } from '@expiry-radar/shared/api/routes/scim-settings-routes';

/** `DELETE /api/organization/scim/token`: provisioning stops (also after a downgrade). */
export const handler = createHttpHandler(
  scimSettingsRoutes.revokeScimToken,
  async ({ session, now }) => {
    const { user } = requireSession(session);
    await revokeScimToken(user, now);
    return { body: { ok: true as const } };
  },
);
