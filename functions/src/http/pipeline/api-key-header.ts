import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * CloudFront does not pass a viewer's `Authorization` header to an origin whose responses it
 * does not cache (an origin request policy may not list it). Its viewer-request function on the
 * API paths copies the header into this one, which the policy forwards (infra web stack), and
 * drops any value a viewer sent in it itself.
 */
export const FORWARDED_AUTHORIZATION_HEADER = 'x-er-authorization';

/** The Authorization header of a request: as CloudFront forwards it, or as sent (locally). */
export function authorizationHeaderOf(event: APIGatewayProxyEventV2): string | undefined {
  return event.headers[FORWARDED_AUTHORIZATION_HEADER] ?? event.headers.authorization;
}
