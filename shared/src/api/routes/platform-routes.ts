/** Session and platform: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import { csrfTokenResponse, healthResponse, sessionResponse } from '../auth-schemas';
import { openApiDocumentResponse } from '../calendar-feed-api-schemas';
import { startUpRoutes } from '../start-up-routes';

export const platformRoutes = {
  getSession: {
    ...startUpRoutes.getSession,
    auth: 'public',
    summary: 'The current session, or loggedIn false.',
    response: sessionResponse,
  },
  getCsrfToken: {
    ...startUpRoutes.getCsrfToken,
    auth: 'public',
    summary: 'A CSRF token to send as X-CSRF-Token on every POST, PUT, PATCH and DELETE.',
    response: csrfTokenResponse,
  },
  getHealth: {
    id: 'getHealth',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    summary: 'Whether the table and the alert queues are reachable.',
    response: healthResponse,
  },
  getOpenApiDocument: {
    id: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'public',
    summary: 'This description of the API (OpenAPI 3.1), built from the route table.',
    response: openApiDocumentResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
