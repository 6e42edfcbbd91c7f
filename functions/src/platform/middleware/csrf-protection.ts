import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from '../app-error';
import { CSRF_COOKIE } from '../cookies';
import type { HttpContext } from '../http-types';

export const CSRF_HEADER = 'x-csrf-token';

/**
 * Double-submit check: `GET /api/csrf-token` puts the token in an HttpOnly cookie and in its
 * answer; a state-changing request must echo it in X-CSRF-Token. A page on another site can
 * neither read the answer nor set the header, so it cannot forge the request.
 */
export function csrfProtection(): MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  HttpContext
> {
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
