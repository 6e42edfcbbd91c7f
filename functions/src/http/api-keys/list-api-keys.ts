import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { listApiKeys } from '../../services/api-keys/api-keys';
import { apiKeyRoutes } from '@expiry-radar/shared/api/routes/api-key-routes';

/**
 * `GET /api/account/api-keys`: the caller's keys (never their secrets, each saying whether the
 * plan's limit pauses it) and their plan's limit.
 */
export const handler = createHttpHandler(apiKeyRoutes.listApiKeys, async ({ session, now }) => {
  const { user } = requireSession(session);
  return {
    body: {
      items: await listApiKeys(user, now),
      limit: PLAN_LIMITS[user.plan].apiKeysPerUser,
    },
  };
});
