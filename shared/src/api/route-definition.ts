/** What the route table (route-table.ts) says of one API call; each area's routes (routes/) satisfy it. */
import type { z } from 'zod';
import type { RouteApiKeyScope } from '../domain/api-keys';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A route's method: one of them, or `ANY` for a catch-all (API Gateway's `ANY`: with a greedy
 * `{name+}` path it takes what no route of the method and path takes, with a plain path every
 * method of that path; no OpenAPI operation).
 */
export type RouteMethod = HttpMethod | 'ANY';

/** Who may call a route: anyone, anyone with a session, or only a session whose email is verified. */
export type RouteAuth = 'public' | 'session' | 'verifiedSession';

export interface RouteDefinition {
  readonly id: string;
  readonly method: RouteMethod;
  /** API Gateway path syntax: `/api/tokens/{id}`, `/scim/{proxy+}` for a greedy catch-all. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  readonly request?: {
    readonly body?: z.ZodType;
    readonly query?: z.ZodType;
    readonly params?: z.ZodType;
  };
  readonly response: z.ZodType;
  /**
   * Whether an API key (`Authorization: Bearer er_…`) may call the route, and which
   * (domain/api-keys: `RouteApiKeyScope`); absent: keys are refused with 403. Never on `/auth/*`,
   * billing or the API-key routes themselves (route-table-api-keys.test.ts lists them all).
   */
  readonly apiKey?: RouteApiKeyScope;
  /**
   * The status of a success when it is not 200 (201: the call created something; 202: it was
   * accepted and its outcome arrives by email; 204: SCIM's answer to a deletion, no body).
   */
  readonly successStatus?: 201 | 202 | 204;
  /**
   * A second success status, with the same body: 202 when the work may go on after the answer
   * (a large "Sync now" continues on the integration sync queue).
   */
  readonly acceptedStatus?: 202;
  /**
   * The request body's media type when it is not JSON: a form an identity provider's page posts
   * through the browser (SAML's HTTP-POST binding), read without a CSRF token on a public route.
   */
  readonly requestMediaType?: typeof FORM_MEDIA_TYPE;
  /** The answer's media type when it is not JSON (the calendar feed). */
  readonly responseMediaType?: string;
  /**
   * A write that may be conditional (api/entity-tags): what its entity tag is. With `If-Match`
   * it is made only while the resource is still at that tag (else 412 PRECONDITION_FAILED), and
   * its success answers the new `ETag`.
   */
  readonly ifMatch?: string;
}
