import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The caller's address as API Gateway saw it (never a client-supplied header). */
export function clientIp(event: APIGatewayProxyEventV2): string {
  return event.requestContext.http.sourceIp || 'unknown';
}
