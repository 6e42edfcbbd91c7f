import { createHttpHandler } from '../pipeline/create-http-handler';
import { sessionBody } from '../../services/accounts/session-body';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';

/** `GET /api/session`: who is signed in, or `{ loggedIn: false }`, and the sign-in features. */
export const handler = createHttpHandler(platformRoutes.getSession, ({ session }) => ({
  body: sessionBody(session?.user),
}));
