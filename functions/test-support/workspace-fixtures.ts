/** Workspaces with members written straight to the table, and requests to workspace routes. */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { memberCodec, newMember } from '../src/data/entities/member';
import { newStoredWorkspace, workspaceCodec } from '../src/data/entities/workspace';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';
import { apiGatewayEvent } from './api-gateway-event';
import { mutationEvent } from './auth-requests';
import { givenSignedInUser } from './fixtures';

export type TestUser = Awaited<ReturnType<typeof givenSignedInUser>>;

export async function putItem(item: Record<string, unknown>): Promise<void> {
  await getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));
}

/** A workspace owned (and administered) by `ownerId`, with further members. */
export async function givenWorkspace(options: {
  ownerId: string;
  plan?: Plan;
  name?: string;
  frozen?: boolean;
  members?: ReadonlyArray<{ userId: string; role: Role }>;
  now?: Date;
}): Promise<string> {
  const workspaceId = randomUUID();
  const now = options.now ?? new Date();
  await putItem(
    workspaceCodec.toItem(
      newStoredWorkspace({
        workspaceId,
        name: options.name ?? 'Platform',
        ownerId: options.ownerId,
        plan: options.plan ?? 'team',
        isFrozen: options.frozen ?? false,
        now,
      }),
    ),
  );
  const members = [{ userId: options.ownerId, role: 'admin' as Role }, ...(options.members ?? [])];
  for (const member of members) {
    await putItem(memberCodec.toItem(newMember({ workspaceId, ...member, now })));
  }
  return workspaceId;
}

/** A team-plan workspace with an admin (its owner), a workspace manager, a viewer and an outsider. */
export async function givenTeam(options: { plan?: Plan; frozen?: boolean } = {}) {
  const plan = options.plan ?? 'team';
  const [admin, manager, viewer, outsider] = await Promise.all([
    givenSignedInUser({ plan }),
    givenSignedInUser({ plan }),
    givenSignedInUser({ plan }),
    givenSignedInUser({ plan }),
  ]);
  const workspaceId = await givenWorkspace({
    ownerId: admin.userId,
    plan,
    frozen: options.frozen,
    members: [
      { userId: manager.userId, role: 'workspace_manager' },
      { userId: viewer.userId, role: 'viewer' },
    ],
  });
  return { workspaceId, admin, manager, viewer, outsider };
}

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request to a route as the web sends it: GETs with the session cookie, writes with CSRF too. */
export function routeEvent(options: {
  method: RouteMethod;
  path: string;
  routePath?: string;
  pathParameters?: Record<string, string>;
  query?: string;
  body?: unknown;
  cookie?: string;
}): APIGatewayProxyEventV2 {
  const cookies = options.cookie ? [options.cookie] : [];
  const event =
    options.method === 'GET'
      ? apiGatewayEvent({ method: 'GET', path: options.path, query: options.query, cookies })
      : mutationEvent({
          method: options.method,
          path: options.path,
          body: options.body,
          cookies,
        });
  const routeKey = `${options.method} ${options.routePath ?? options.path}`;
  return {
    ...event,
    routeKey,
    rawQueryString: options.query ?? '',
    pathParameters: options.pathParameters,
    requestContext: { ...event.requestContext, routeKey },
  };
}

/**
 * A request to a route named by its template, as the route table writes it
 * (`/api/v1/workspaces/{id}/members/{userId}`): the path fills each `{name}` from `params`
 * (encoded), the route key and path parameters are the route's.
 */
export function routeRequest(
  method: RouteMethod,
  route: string,
  options: {
    params?: Record<string, string>;
    cookie?: string;
    query?: string;
    body?: unknown;
  } = {},
): APIGatewayProxyEventV2 {
  const { params, ...rest } = options;
  const path = route.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`No value for {${name}} of ${route}`);
    return encodeURIComponent(value);
  });
  return routeEvent({ method, path, routePath: route, pathParameters: params, ...rest });
}
