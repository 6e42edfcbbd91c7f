import { AppError } from '../../../platform/app-error';
import type { HttpMiddleware } from '../http-types';
import { isJsonMediaType } from './json-content-type';

const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/**
 * The body of a one-click POST (RFC 8058): none, an empty JSON object, or the form body
 * `List-Unsubscribe=One-Click` that mail clients send; anything else is 415. What it carried
 * is dropped: the route reads only its query.
 */
export function oneClickPostBody(): HttpMiddleware {
  return {
    before: ({ event }) => {
      if (!event.body) return;
      const body = event.isBase64Encoded
        ? Buffer.from(event.body, 'base64').toString('utf8')
        : event.body;
      const type = event.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      const isForm = type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
      const accepted =
        (isForm && body.includes(ONE_CLICK_BODY)) ||
        (isJsonMediaType(event.headers['content-type']) && body.trim() === '{}');
      if (!accepted) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      event.body = undefined;
      event.isBase64Encoded = false;
    },
  };
}
