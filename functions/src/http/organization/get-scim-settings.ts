import { scimSettingsView } from '../../services/scim/scim-settings';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { scimSettingsRoutes } from '@expiry-radar/shared/api/routes/scim-settings-routes';

/** `GET /api/organization/scim`: the caller's organization's SCIM token (exists or not) and groups. */
export const handler = createHttpHandler(
  scimSettingsRoutes.getScimSettings,
  async ({ session }) => {
    const { user } = requireSession(session);
    return { body: await scimSettingsView(user) };
  },
);
