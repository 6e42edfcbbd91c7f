/**
 * Which stack deploys each route: every implemented route of the shared route table, grouped by
 * its area, the folder of its handler module (`functions/src/http/<area>/<action>.ts`). Each area
 * gets its own stack against the one HTTP API, so a new route lands in its area's stack and a new
 * folder in a new stack, with no edit here.
 */
import { routeHandlerFiles } from '@expiry-radar/functions/http/route-handlers';
import { routeTable } from '@expiry-radar/shared/api/route-table';
import type { ImplementedRoute } from '../constructs/http-routes';

/** Every route of the table that has a handler module. */
export function implementedRoutes(): ImplementedRoute[] {
  return routeTable.flatMap((route) => {
    const handlerFile = routeHandlerFiles[route.id];
    return handlerFile ? [{ route, handlerFile }] : [];
  });
}

/** `tokens/list-tokens.ts` -> `tokens`. */
export function areaOf({ route, handlerFile }: ImplementedRoute): string {
  const [area, ...rest] = handlerFile.split('/');
  if (!area || rest.length === 0 || !/^[a-z][a-z0-9-]*$/.test(area)) {
    throw new Error(
      `${route.id}: its handler module "${handlerFile}" must live in an area folder, <area>/<action>.ts (lower-case kebab-case area)`,
    );
  }
  return area;
}

/** `two-factor` -> `TwoFactor`: the suffix of the area's stack name. */
export function pascalCaseOf(area: string): string {
  return area
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export interface RouteArea {
  readonly area: string;
  readonly routes: readonly ImplementedRoute[];
}

/** The routes by area, areas in alphabetical order, routes in route table order. */
export function routesByArea(routes: readonly ImplementedRoute[]): RouteArea[] {
  const byArea = new Map<string, ImplementedRoute[]>();
  for (const route of routes) {
    const area = areaOf(route);
    byArea.set(area, [...(byArea.get(area) ?? []), route]);
  }
  return [...byArea.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, areaRoutes]) => ({ area, routes: areaRoutes }));
}
