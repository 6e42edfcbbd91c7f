import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../platform/app-error';
import { CSRF_COOKIE } from '../cookies';
import type { HttpMiddleware } from '../http-types';

export const CSRF_HEADER = 'x-csrf-token';

/**
 * Double-submit check: `GET /api/csrf-token` puts the token in an HttpOnly cookie and in its
 * answer; a state-changing request must echo it in X-CSRF-Token. A page on another site can
 * neither read the answer nor set the header, so it cannot forge the request.
 */
export function csrfProtection(): HttpMiddleware {
  return {
    before: ({ event, context }) => {
      const expected = context.httpStack.cookies[CSRF_COOKIE];
      const presented = event.headers[CSRF_HEADER];
      if (!expected || !presented || !constantTimeEquals(expected, presented)) {
        throw new AppError('EBADCSRFTOKEN');
      }
    },
  };
}

function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
