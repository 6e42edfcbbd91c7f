import type { RouteMethod } from '@expiry-radar/shared/api/route-table';
import { getRuntimeConfig } from './runtime-config';

// In the page's first script (start-reads.ts): type-only imports of the route table. Its build
// reads getRuntimeConfig from current-runtime-config.ts (the same function, without zod); the
// app's reads it here, where the app's chunks stay as they were (from current-runtime-config.ts,
// Rolldown split the app's entry into several chunks, larger in all).

/** A route of the route table: where a call goes. */
export interface ApiRoute {
  readonly id: string;
  readonly method: RouteMethod;
  /** With `{name}` parameters: `/api/tokens/{id}`. */
  readonly path: string;
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** Where a call goes: the values of the path's parameters and the query. */
export interface RouteInput {
  readonly params?: Readonly<Record<string, string>>;
  /** Null and undefined values are left out; arrays repeat the key. */
  readonly query?: Readonly<Record<string, QueryValue>>;
}

/** The route's path with each `{name}` replaced by its value, URI-encoded. */
function routePath(route: ApiRoute, params: RouteInput['params'] = {}): string {
  return route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** The full URL of a route: the API's base URL, the path with its parameters, the query. */
export function routeLocation(route: ApiRoute, input: RouteInput = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly string[]) search.append(key, item);
    } else {
      search.append(key, String(value));
    }
  }
  const qs = search.toString();
  return `${getRuntimeConfig().apiBaseUrl}${routePath(route, input.params)}${qs ? `?${qs}` : ''}`;
}
