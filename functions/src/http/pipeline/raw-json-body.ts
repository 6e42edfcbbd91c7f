import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The request's JSON body as sent, for a second parse with context (the HTTP stack has already
 * checked that it is valid JSON).
 */
export function rawJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
}
