import { AppError } from '../../../platform/app-error';
import { CSRF_COOKIE, CSRF_HEADER, sessionCsrfToken } from '../csrf-token';
import type { HttpMiddleware } from '../http-types';
import { sameSecretText } from '../../../domain/constant-time';

/**
 * A state-changing request must carry the CSRF token in X-CSRF-Token: the session's token when
 * signed in, else the one in the CSRF cookie (`GET /api/csrf-token` answers it and sets the
 * cookie). A page on another site can neither read the answer nor set the header, so it cannot
 * forge the request; and a token planted before sign-in or taken from another session does not
 * pass for this session. A request authenticated with an API key (`Authorization: Bearer`) needs
 * none: a browser never adds that header on its own, so another site cannot ride on it.
 */
export function csrfProtection(): HttpMiddleware {
  return {
    before: ({ event, context }) => {
      const state = context.httpStack;
      if (state.session?.apiKey) return;
      const expected = state.session
        ? sessionCsrfToken(state.session.sessionId)
        : state.cookies[CSRF_COOKIE];
      const presented = event.headers[CSRF_HEADER];
      if (!expected || !presented || !sameSecretText(expected, presented)) {
        throw new AppError('EBADCSRFTOKEN');
      }
    },
  };
}
