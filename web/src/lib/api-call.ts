import type * as z from 'zod';
import type * as RouteTableModule from '@expiry-radar/shared/api/route-table';
import type { RouteDefinition, RouteId, routeTable } from '@expiry-radar/shared/api/route-table';
import type { ApiCallOptions, ApiInput, QueryValue } from './api-client';
import { requestRoute } from './api-client';
import { whenIdle } from './when-idle';

/**
 * The web's API client, typed from the route table: `call('updateToken', { params, body })`
 * sends the route's method to its path (parameters filled in and URI-encoded) and checks the
 * answer with the route's answer schema; what may be sent is the input of the route's request
 * schemas, and the answer is the output of its answer schema. No path is written anywhere else.
 */

type RouteOf<Id extends RouteId> = Extract<(typeof routeTable)[number], { readonly id: Id }>;
type RequestOf<Id extends RouteId> = RouteOf<Id> extends { readonly request: infer R } ? R : object;
type InputAt<Id extends RouteId, Part extends string> = Part extends keyof RequestOf<Id>
  ? RequestOf<Id>[Part] extends z.ZodType
    ? z.input<RequestOf<Id>[Part]>
    : never
  : never;

/** A query as a URL carries it: each field of the schema's input as text, number, flag or list. */
type QueryInput<T> = { [K in keyof T]: T[K] & QueryValue };

/** A part the route does not take is left out; one that may be empty is optional. */
type Part<Name extends string, T> = [T] extends [never]
  ? { readonly [K in Name]?: never }
  : object extends T
    ? { readonly [K in Name]?: T }
    : { readonly [K in Name]: T };

/**
 * What a call of the route sends: its path parameters, query and body, and the `If-Match` of a
 * conditional write (the route table's `ifMatch` routes).
 */
export type CallInput<Id extends RouteId> = Part<'params', InputAt<Id, 'params'>> &
  Part<'query', QueryInput<InputAt<Id, 'query'>>> &
  Part<'body', InputAt<Id, 'body'>> &
  (RouteOf<Id> extends { readonly ifMatch: string }
    ? { readonly ifMatch?: string }
    : { readonly ifMatch?: never });

/** What a call of the route answers: the output of its answer schema. */
export type CallAnswer<Id extends RouteId> = z.output<RouteOf<Id>['response']>;

/** The input may be left out when the route needs none. */
export type CallArgs<Id extends RouteId, Options = ApiCallOptions> =
  object extends CallInput<Id>
    ? [input?: CallInput<Id>, options?: Options]
    : [input: CallInput<Id>, options?: Options];

/**
 * The route table is loaded by the first call, not with the page's code, and once the page is
 * first idle: building every route's schemas takes the main thread tens of milliseconds. The
 * queries a page's first render mounts make their first calls in that render's commit, and
 * loading the table then put that work between the render and its paint (the dashboard's first
 * full render measured about 25 ms later). The reads a page starts with go through
 * start-up-routes.ts and their own answer schemas instead (the dashboard's:
 * dashboard-first-reads.ts).
 */
let routeTableModule: Promise<typeof RouteTableModule> | undefined;

/** The longest a first call waits for the page to be idle before loading the route table. */
export const ROUTE_TABLE_IDLE_WAIT_MS = 500;

/** The route of an id, as the route table has it. */
export async function loadApiRoute(id: RouteId): Promise<RouteDefinition> {
  routeTableModule ??= whenIdle(ROUTE_TABLE_IDLE_WAIT_MS).then(
    () => import('@expiry-radar/shared/api/route-table'),
  );
  return (await routeTableModule).findRoute(id);
}

/** Calls a route of the route table; failures are reported and reject as an ApiError. */
export async function call<Id extends RouteId>(
  id: Id,
  ...args: CallArgs<Id>
): Promise<CallAnswer<Id>> {
  const [input = {}, options = {}] = args as [ApiInput?, ApiCallOptions?];
  const route = await loadApiRoute(id);
  return requestRoute(route, input, { ...options, schema: route.response }) as Promise<
    CallAnswer<Id>
  >;
}
