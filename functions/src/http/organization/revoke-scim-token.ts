import { revokeScimToken } from '../../services/scim/scim-tokens';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';

/** `DELETE /api/organization/scim/token`: provisioning stops (also after a downgrade). */
export const handler = createHttpHandler('revokeScimToken', async ({ session, now }) => {
  const { user } = requireSession(session);
  await revokeScimToken(user, now);
  return { body: { ok: true as const } };
});
