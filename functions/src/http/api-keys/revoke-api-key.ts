import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { revokeApiKey } from '../../services/api-keys/api-keys';
import { apiKeyRoutes } from '@expiry-radar/shared/api/routes/api-key-routes';

/**
 * `DELETE /api/account/api-keys/{keyId}`: revokes the key at once (its next request gets 401).
 * Its token stays in the inventory.
 */
export const handler = createHttpHandler(
  apiKeyRoutes.revokeApiKey,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    await revokeApiKey(user, params.keyId, now);
    return { body: { ok: true } };
  },
);
