import { createHttpHandler } from '../pipeline/create-http-handler';
import { sessionBody } from '../../services/accounts/session-body';

/** `GET /api/session`: who is signed in, or `{ loggedIn: false }`, and the sign-in features. */
export const handler = createHttpHandler('getSession', ({ session }) => ({
  body: sessionBody(session?.user),
}));
