/**
 * `ANY /scim`: `/scim/` with no resource. CloudFront sends it to API Gateway, which routes a path
 * with a trailing slash as the path without it, where the catch-all `ANY /scim/{proxy+}` (a
 * greedy part of at least one character) does not reach; without this route API Gateway would
 * answer its own 404. Refused as the catch-all refuses: 404 in SCIM's error shape, no token read.
 */
export { handler } from './unknown-path';
