import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';
import type { z } from 'zod';
import type { RouteId, routeTable } from '@expiry-radar/shared/api/route-table';
import type { TableItem } from '../../data/table-operations';
import type { UserRecord } from '../../data/user-records';
import type { WorkspaceAccess } from '../../services/workspaces/workspace-access';

export type RouteDefinitionOf<Id extends RouteId> = Extract<
  (typeof routeTable)[number],
  { id: Id }
>;

type RequestPart<Id extends RouteId, Part extends 'body' | 'query' | 'params'> =
  RouteDefinitionOf<Id> extends { request: infer Request }
    ? Request extends { [K in Part]: infer Schema extends z.ZodType }
      ? z.output<Schema>
      : undefined
    : undefined;

/**
 * The user a request acts as. With an API key scoped to one workspace, `apiKeyWorkspaceId` names
 * it, and the workspace access check (services/workspaces/workspace-access.ts) refuses the others
 * wherever the user is handed on.
 */
export type SessionUser = UserRecord & { readonly apiKeyWorkspaceId?: string | null };

export interface SignedInSession {
  /** The session's id; for an API key request, `api-key:<keyId>` (it has no session). */
  readonly sessionId: string;
  readonly user: SessionUser;
  /** Set when the request authenticated with an API key (`Authorization: Bearer er_…`). */
  readonly apiKey?: { readonly id: string; readonly name: string };
  readonly needsVerification: boolean;
  /** When the user signed in to start this session (recent sign-in checks read it). */
  readonly signedInAt: string;
}

/** What a route handler receives: validated input and who is asking. */
export interface RouteRequest<Id extends RouteId, ReadAhead = never> {
  readonly body: RequestPart<Id, 'body'>;
  readonly query: RequestPart<Id, 'query'>;
  readonly params: RequestPart<Id, 'params'>;
  readonly cookies: Readonly<Record<string, string>>;
  /** Present when the request carries a valid session cookie. */
  readonly session: SignedInSession | undefined;
  /** Whether Set-Cookie values must carry Secure (everywhere but localhost). */
  readonly secureCookies: boolean;
  readonly requestId: string;
  readonly now: Date;
  readonly event: APIGatewayProxyEventV2;
  /**
   * The caller's access to a workspace (404 for non-members). Free when the route prefetched
   * this workspace with the session (`createHttpHandler`'s `prefetchWorkspaceOf`).
   */
  readonly workspaceAccess: (workspaceId: string) => Promise<WorkspaceAccess>;
  /**
   * The read the route started beside the session's (`createHttpHandler`'s `readAheadOf`), if it
   * did: use it only after the access check has passed.
   */
  readonly readAhead: Promise<ReadAhead> | undefined;
}

export interface RouteResponse {
  readonly status?: number;
  /** Ignored when `redirectTo` or `text` is set. */
  readonly body?: unknown;
  /** A non-JSON answer (a file download), sent as is; `headers` give its content type. */
  readonly text?: string;
  /** Answers 302 to this location (a path of the app or an external sign-in page), no body. */
  readonly redirectTo?: string;
  readonly cookies?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
}

/** State the middlewares build up before the route handler runs. */
export interface HttpStackState {
  cookies: Record<string, string>;
  secureCookies: boolean;
  session: SignedInSession | undefined;
  body: unknown;
  query: unknown;
  params: unknown;
  now: Date;
  /** Read with the session in one round trip, for routes that name their workspace up front. */
  prefetchedWorkspace: PrefetchedWorkspace | undefined;
  /** The route's read started beside the session's, before anyone's access is known. */
  readAhead: Promise<unknown> | undefined;
}

export interface PrefetchedWorkspace {
  readonly workspaceId: string;
  readonly workspace: TableItem | undefined;
  readonly membership: TableItem | undefined;
}

/** Which workspace a request is about, read from the raw event before validation. */
export type WorkspaceOfEvent = (event: APIGatewayProxyEventV2) => string | undefined;

/** A route's own read, started from the raw event while the session is read (or none). */
export type ReadAheadOfEvent<ReadAhead> = (
  event: APIGatewayProxyEventV2,
) => Promise<ReadAhead> | undefined;

export type HttpContext = Context & { httpStack: HttpStackState };

/** A route's Lambda entry point, as API Gateway (or the local server) calls it. */
export type HttpLambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** A middleware of the HTTP stack (see create-http-handler.ts). */
export type HttpMiddleware = MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  HttpContext
>;
