import { AppError } from '../../../platform/app-error';
import type { HttpMiddleware } from '../http-types';

/**
 * The body of a form an identity provider's page posts through the browser (SAML's HTTP-POST
 * binding): `application/x-www-form-urlencoded`, else 415. Its fields become the JSON object
 * the route's body schema validates; the message proves itself by its signature, not by CSRF.
 */
export function formPostBody(): HttpMiddleware {
  return {
    before: ({ event }) => {
      const type = event.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      }
      const text = event.isBase64Encoded
        ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
        : (event.body ?? '');
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(text)) {
        // A field sent twice is ambiguous: the schema sees neither value as its own.
        if (Object.hasOwn(fields, name))
          throw new AppError('VALIDATION_ERROR', `"${name}" is sent twice.`);
        fields[name] = value;
      }
      event.body = JSON.stringify(fields);
      event.isBase64Encoded = false;
    },
  };
}
