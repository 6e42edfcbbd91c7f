import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from '../../../platform/app-error';
import type { HttpMiddleware } from '../http-types';

/**
 * A write that carries a body must declare it `application/json` (optionally `; charset=utf-8`),
 * else 415. An HTML form or a `text/plain` fetch from another site can send a body without a
 * CORS preflight, but never with this content type; writes without a body need no header.
 */
export function jsonContentType(): HttpMiddleware {
  return {
    before: ({ event }) => {
      if (!event.body) return;
      if (!isJsonMediaType(event.headers['content-type'])) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      }
    },
  };
}

/** `application/json`, with no parameter but an optional UTF-8 charset (case-insensitive). */
export function isJsonMediaType(header: APIGatewayProxyEventV2['headers'][string]): boolean {
  if (!header) return false;
  const [mediaType, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  return parameters.every(
    (parameter) => parameter === '' || /^charset\s*=\s*"?utf-8"?$/.test(parameter),
  );
}
