import type { RouteDefinition } from '@expiry-radar/shared/api/route-table';

export interface MountedRoute<Handler> {
  readonly route: RouteDefinition;
  readonly handler: Handler;
}

interface CompiledRoute<Handler> extends MountedRoute<Handler> {
  readonly pattern: RegExp;
  readonly parameterNames: readonly string[];
}

export interface RouteMatch<Handler> {
  readonly handler: Handler;
  readonly routeKey: string;
  readonly pathParameters: Record<string, string>;
}

/** Matches requests to API Gateway path templates such as `/api/tokens/{id}`. */
export class RouteMatcher<Handler> {
  private readonly routes: CompiledRoute<Handler>[];

  constructor(mounted: readonly MountedRoute<Handler>[]) {
    this.routes = mounted.map((entry) => {
      const parameterNames: string[] = [];
      const source = entry.route.path
        .split('/')
        .map((segment) => {
          const parameter = /^\{(\w+)\}$/.exec(segment);
          if (!parameter?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          parameterNames.push(parameter[1]);
          return '([^/]+)';
        })
        .join('/');
      return { ...entry, pattern: new RegExp(`^${source}$`), parameterNames };
    });
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
      if (candidate.route.method !== method) continue;
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
