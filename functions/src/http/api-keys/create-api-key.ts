import { createApiKeyBodySchema } from '@expiry-radar/shared/api/api-key-api-schemas';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { createApiKey } from '../../services/api-keys/api-keys';
import { apiKeyRoutes } from '@expiry-radar/shared/api/routes/api-key-routes';

/**
 * `POST /api/account/api-keys`: a new key within the plan's limit (403 beyond it), with its token
 * in the inventory; answers the secret, once.
 */
export const handler = createHttpHandler(
  apiKeyRoutes.createApiKey,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    // The route's schema checked the expiry against the clock as it parsed; this is the request's.
    const checked = createApiKeyBodySchema(() => now).safeParse(body);
    if (!checked.success) throw AppError.fromZodError(checked.error);
    return { status: 201, body: await createApiKey(user, checked.data, now) };
  },
);
