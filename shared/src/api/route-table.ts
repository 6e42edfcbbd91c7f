/**
 * Every API call of the product (spec §7), written once. The CDK api stack and the local server
 * loop over it to mount handlers; the web client and the OpenAPI document read its schemas.
 * A route listed here but without a handler in functions/src/http/route-handlers.ts is not mounted.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, anyone with a session, or only a session whose email is verified. */
export type RouteAuth = 'public' | 'session' | 'verifiedSession';

export interface RouteDefinition {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/tokens/{id}`. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  readonly request?: {
    readonly body?: z.ZodType;
    readonly query?: z.ZodType;
    readonly params?: z.ZodType;
  };
  readonly response: z.ZodType;
}

const sessionResponse = z.object({
  loggedIn: z.boolean(),
  user: z
    .object({
      id: z.string(),
      displayName: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      avatar: z.string().nullable(),
      plan: z.string(),
      downgraded: z.boolean(),
    })
    .optional(),
  needsVerification: z.boolean().optional(),
});

const csrfTokenResponse = z.object({ csrfToken: z.string() });

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), latencyMs: z.number() })),
});

export const routeTable = [
  {
    id: 'getSession',
    method: 'GET',
    path: '/api/session',
    auth: 'public',
    summary: 'The current session, or loggedIn false.',
    response: sessionResponse,
  },
  {
    id: 'getCsrfToken',
    method: 'GET',
    path: '/api/csrf-token',
    auth: 'public',
    summary: 'A CSRF token to send as X-CSRF-Token on every POST, PUT, PATCH and DELETE.',
    response: csrfTokenResponse,
  },
  {
    id: 'getHealth',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    summary: 'Whether the table and the alert queues are reachable.',
    response: healthResponse,
  },
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof routeTable)[number]['id'];

export function findRoute(id: RouteId): RouteDefinition {
  const route = routeTable.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}
