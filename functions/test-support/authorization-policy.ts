/**
 * The authorization policy table: every route is called as each persona and must answer the
 * status its row expects. A fresh world (users, a workspace and a frozen one) is built for every
 * call, so a call that changes or deletes something cannot affect another.
 *
 * Add a route by adding a PolicyCase to a table passed to describePolicyTable (see
 * functions/src/http/workspaces/authorization-policy.test.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { HttpLambdaHandler } from '../src/http/pipeline/http-types';
import { invoke } from './api-gateway-event';
import { givenSignedInUser } from './fixtures';
import {
  givenWorkspace,
  routeRequest,
  type RouteMethod,
  type TestUser,
} from './workspace-fixtures';

export const PERSONAS = [
  'anonymous',
  'unverified',
  'nonMember',
  'viewer',
  'workspaceManager',
  'admin',
  /** The admin of a frozen workspace, calling the route on that workspace. */
  'frozen',
] as const;
export type Persona = (typeof PERSONAS)[number];

export interface PolicyWorld {
  /** The workspace the persona calls the route on (the frozen one for `frozen`). */
  readonly workspaceId: string;
  /** The caller's session cookie; undefined for `anonymous`. */
  readonly cookie: string | undefined;
  /** The caller; undefined for `anonymous`. */
  readonly caller: TestUser | undefined;
  /** A viewer of `workspaceId` other than the caller, to change or remove. */
  readonly otherMember: TestUser;
  /** The admin (owner) of `workspaceId`. */
  readonly owner: TestUser;
}

export interface PolicyCase {
  readonly route: string;
  readonly handler: HttpLambdaHandler;
  readonly request: (
    world: PolicyWorld,
  ) => APIGatewayProxyEventV2 | Promise<APIGatewayProxyEventV2>;
  readonly expected: Readonly<Record<Persona, number>>;
}

/** Builds the users and workspaces of one call and answers them from the persona's side. */
export async function givenPolicyWorld(persona: Persona): Promise<PolicyWorld> {
  const plan = 'team';
  const [owner, manager, viewer, outsider, unverified, otherMember, frozenOwner] =
    await Promise.all([
      givenSignedInUser({ plan }),
      givenSignedInUser({ plan }),
      givenSignedInUser({ plan }),
      givenSignedInUser({ plan }),
      givenSignedInUser({ plan, emailVerified: false }),
      givenSignedInUser({ plan }),
      givenSignedInUser({ plan }),
    ]);
  const workspaceId = await givenWorkspace({
    ownerId: owner.userId,
    plan,
    members: [
      { userId: manager.userId, role: 'workspace_manager' },
      { userId: viewer.userId, role: 'viewer' },
      // Membership does not help an unverified session: verification is checked first.
      { userId: unverified.userId, role: 'workspace_manager' },
      { userId: otherMember.userId, role: 'viewer' },
    ],
  });
  if (persona === 'frozen') {
    const frozenWorkspaceId = await givenWorkspace({
      ownerId: frozenOwner.userId,
      plan,
      frozen: true,
      members: [{ userId: otherMember.userId, role: 'viewer' }],
    });
    return {
      workspaceId: frozenWorkspaceId,
      cookie: frozenOwner.cookie,
      caller: frozenOwner,
      otherMember,
      owner: frozenOwner,
    };
  }
  const callers: Record<Exclude<Persona, 'frozen'>, TestUser | undefined> = {
    anonymous: undefined,
    unverified,
    nonMember: outsider,
    viewer,
    workspaceManager: manager,
    admin: owner,
  };
  const caller = callers[persona];
  return { workspaceId, cookie: caller?.cookie, caller, otherMember, owner };
}

/** One test per route and persona: `<route> as <persona> answers <status>`. */
export function describePolicyTable(title: string, cases: readonly PolicyCase[]): void {
  const cells = cases.flatMap((policyCase) =>
    PERSONAS.map((persona) => ({
      name: `${policyCase.route} as ${persona} answers ${policyCase.expected[persona]}`,
      policyCase,
      persona,
    })),
  );
  describe(title, () => {
    it.each(cells)('$name', async ({ policyCase, persona }) => {
      const world = await givenPolicyWorld(persona);
      const response = await invoke(policyCase.handler, await policyCase.request(world));
      expect({ persona, status: response.statusCode, body: response.json }).toMatchObject({
        persona,
        status: policyCase.expected[persona],
      });
    });
  });
}

/** What every row expects of the callers without a verified session. */
export const SIGNED_OUT = { anonymous: 401, unverified: 403 } as const;

/** The caller's request to a route without path parameters (`GET /api/v1/workspaces`). */
export function callerRequest(
  world: PolicyWorld,
  method: RouteMethod,
  route: string,
  options: { query?: string; body?: unknown } = {},
): APIGatewayProxyEventV2 {
  return routeRequest(method, route, { cookie: world.cookie, ...options });
}

/**
 * The caller's request to a route of the world's workspace, `/api/v1/workspaces/{id}<suffix>`;
 * `params` fill the suffix's own `{name}`s.
 */
export function workspaceRequest(
  world: PolicyWorld,
  method: RouteMethod,
  suffix = '',
  options: { params?: Record<string, string>; query?: string; body?: unknown } = {},
): APIGatewayProxyEventV2 {
  return routeRequest(method, `/api/v1/workspaces/{id}${suffix}`, {
    ...options,
    cookie: world.cookie,
    params: { id: world.workspaceId, ...options.params },
  });
}

/** A row where everyone signed in and verified gets `status`. */
export function anyVerifiedUser(status: number): Record<Persona, number> {
  return {
    ...SIGNED_OUT,
    nonMember: status,
    viewer: status,
    workspaceManager: status,
    admin: status,
    frozen: status,
  };
}
