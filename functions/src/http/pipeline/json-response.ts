import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export function jsonResponse(
  status: number,
  body: unknown,
  options: { cookies?: readonly string[]; headers?: Readonly<Record<string, string>> } = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...options.headers,
    },
    body: JSON.stringify(body),
    ...(options.cookies?.length ? { cookies: [...options.cookies] } : {}),
  };
}

export function redirectResponse(
  location: string,
  options: { cookies?: readonly string[]; headers?: Readonly<Record<string, string>> } = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 302,
    headers: { 'cache-control': 'no-store', ...options.headers, location },
    ...(options.cookies?.length ? { cookies: [...options.cookies] } : {}),
  };
}

/** A text answer such as a CSV download; `headers` set its content type and disposition. */
export function textResponse(
  status: number,
  text: string,
  options: { cookies?: readonly string[]; headers?: Readonly<Record<string, string>> } = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...options.headers,
    },
    body: text,
    ...(options.cookies?.length ? { cookies: [...options.cookies] } : {}),
  };
}
