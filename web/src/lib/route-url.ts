import { findRoute, type RouteId } from '@expiry-radar/shared/api/route-table';
import type { ApiInput } from './api-client';
import type { CallInput } from './api-call';
import { routeLocation } from './route-location';

/**
 * The URL of a route the browser goes to itself (a link or a full-page navigation, such as Google
 * sign-in): the API's base URL, the path with its parameters, the query.
 */
export function routeUrl<Id extends RouteId>(
  id: Id,
  ...[input]: object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>]
): string {
  return routeLocation(findRoute(id), (input ?? {}) as ApiInput);
}
