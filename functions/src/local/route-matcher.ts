import type { RouteDefinition } from '@expiry-radar/shared/api/route-table';

export interface MountedRoute<Handler> {
  readonly route: RouteDefinition;
  readonly handler: Handler;
}

interface CompiledRoute<Handler> extends MountedRoute<Handler> {
  readonly pattern: RegExp;
  readonly parameterNames: readonly string[];
  /** A greedy `{name+}` parameter: the rest of the path, slashes included. */
  readonly greedy: boolean;
}

export interface RouteMatch<Handler> {
  readonly handler: Handler;
  readonly routeKey: string;
  readonly pathParameters: Record<string, string>;
}

/**
 * Matches requests to API Gateway path templates such as `/api/tokens/{id}`, and as API Gateway
 * does, a route of method `ANY` with a greedy `{name+}` (`/scim/{proxy+}`) only after every other.
 */
export class RouteMatcher<Handler> {
  private readonly routes: CompiledRoute<Handler>[];

  constructor(mounted: readonly MountedRoute<Handler>[]) {
    const compiled = mounted.map((entry) => {
      const parameterNames: string[] = [];
      let greedy = false;
      const source = entry.route.path
        .split('/')
        .map((segment) => {
          const parameter = /^\{(\w+)(\+?)\}$/.exec(segment);
          if (!parameter?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          parameterNames.push(parameter[1]);
          if (!parameter[2]) return '([^/]+)';
          greedy = true;
          return '(.+)';
        })
        .join('/');
      return { ...entry, pattern: new RegExp(`^${source}$`), parameterNames, greedy };
    });
    // A stable sort: the greedy routes last, each group in the order given.
    this.routes = compiled.sort((a, b) => Number(a.greedy) - Number(b.greedy));
  }

  /**
   * The route for this method and path; `methodNotAllowed` when only the path matches,
   * `malformedPath` when a path parameter is not valid percent-encoding (`%ZZ`).
   */
  match(
    method: string,
    path: string,
  ): RouteMatch<Handler> | 'methodNotAllowed' | 'malformedPath' | undefined {
    let pathMatched = false;
    for (const candidate of this.routes) {
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (candidate.route.method !== method && candidate.route.method !== 'ANY') continue;
      const pathParameters: Record<string, string> = {};
      for (const [position, name] of candidate.parameterNames.entries()) {
        const value = decodePathSegment(found[position + 1] ?? '');
        if (value === undefined) return 'malformedPath';
        pathParameters[name] = value;
      }
      return {
        handler: candidate.handler,
        routeKey: `${candidate.route.method} ${candidate.route.path}`,
        pathParameters,
      };
    }
    return pathMatched ? 'methodNotAllowed' : undefined;
  }
}

function decodePathSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
