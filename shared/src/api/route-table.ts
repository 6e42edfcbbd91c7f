/**
 * Every API call of the product, written once in its area's module (routes/<area>-routes.ts, a
 * record keyed by route id) and listed here in order. The CDK api stack and the local server loop
 * over it to mount handlers; the web client takes each call's method, path and answer schema from
 * it. A route's Lambda handler imports its own area's module, not this table: its bundle holds
 * that area's schemas only (`npm run bench -- cold-starts`). The routes the web calls as it
 * starts keep their id, method and path in start-up-routes.ts (no zod there, for the web's
 * start-up bundle).
 * A route listed here but without a handler in functions/src/http/route-handlers.ts is not mounted.
 *
 * Request schemas parse what arrives (query values are strings) and output normalized values.
 * `updateToken`'s body schema is context-free; the handler parses again with the stored token
 * (`updateTokenSchema({ current })` from domain/update-token-schema).
 */
import type { RouteDefinition } from './route-definition';
import { platformRoutes } from './routes/platform-routes';
import { accountRoutes } from './routes/account-routes';
import { ssoRoutes } from './routes/sso-routes';
import { twoFactorRoutes } from './routes/two-factor-routes';
import { tokenRoutes } from './routes/token-routes';
import { alertRoutes } from './routes/alert-routes';
import { slackAppRoutes } from './routes/slack-app-routes';
import { auditRoutes } from './routes/audit-routes';
import { billingRoutes } from './routes/billing-routes';
import { organizationSignInRoutes } from './routes/organization-sign-in-routes';
import { scimSettingsRoutes } from './routes/scim-settings-routes';
import { scimRoutes } from './routes/scim-routes';
import { apiKeyRoutes } from './routes/api-key-routes';
import { workspaceRoutes } from './routes/workspace-routes';
import { invitationRoutes } from './routes/invitation-routes';
import { calendarFeedRoutes } from './routes/calendar-feed-routes';
import { integrationRoutes } from './routes/integration-routes';

export type { HttpMethod, RouteAuth, RouteDefinition, RouteMethod } from './route-definition';

/** An area's routes in their order; a key other than its route's id does not compile. */
function routesOf<Routes extends { readonly [Id in keyof Routes]: { readonly id: Id } }>(
  routes: Routes,
): Routes[keyof Routes][] {
  return Object.values(routes) as Routes[keyof Routes][];
}

export const routeTable = [
  ...routesOf(platformRoutes),
  ...routesOf(accountRoutes),
  ...routesOf(ssoRoutes),
  ...routesOf(twoFactorRoutes),
  ...routesOf(tokenRoutes),
  ...routesOf(alertRoutes),
  ...routesOf(slackAppRoutes),
  ...routesOf(auditRoutes),
  ...routesOf(billingRoutes),
  ...routesOf(organizationSignInRoutes),
  ...routesOf(scimSettingsRoutes),
  ...routesOf(scimRoutes),
  ...routesOf(apiKeyRoutes),
  ...routesOf(workspaceRoutes),
  ...routesOf(invitationRoutes),
  ...routesOf(calendarFeedRoutes),
  ...routesOf(integrationRoutes),
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof routeTable)[number]['id'];

export function findRoute(id: RouteId): RouteDefinition {
  const route = routeTable.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}
