import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * Set by CloudFront (the API's origin request policy forwards it): the viewer's address and
 * source port, `198.51.100.7:46532` or `2001:db8::1:443`. API Gateway's own source IP is the
 * CloudFront edge's, shared by every viewer behind that edge.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The caller's address for per-IP rate limits: the viewer address CloudFront reports, otherwise
 * (locally, or a malformed value) the address API Gateway saw. Browsers cannot set the header
 * on the API: in AWS the API answers only requests that carry CloudFront's origin secret, and
 * CloudFront writes this header itself.
 */
export function clientIp(event: APIGatewayProxyEventV2): string {
  return (
    viewerAddressIp(event.headers[VIEWER_ADDRESS_HEADER]) ??
    (event.requestContext.http.sourceIp || 'unknown')
  );
}

/** The IP part of `ip:port`; the port follows the last colon (IPv6 has colons of its own). */
export function viewerAddressIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const separator = value.lastIndexOf(':');
  if (separator <= 0) return undefined;
  const port = value.slice(separator + 1);
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535) return undefined;
  const address = value.slice(0, separator);
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  return isIP(ip) === 0 ? undefined : ip;
}
