import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { addCalendarDays, dayBegunEverywhere } from '@expiry-radar/shared/domain/calendar-date';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import type { Token } from '@expiry-radar/shared/domain/token';
import { memberCodec, newMember } from '../src/data/entities/member';
import { newStoredWorkspace, workspaceCodec } from '../src/data/entities/workspace';
import { handler as createToken } from '../src/http/tokens/create-token';
import { handler as deleteToken } from '../src/http/tokens/delete-token';
import { handler as listTokens } from '../src/http/tokens/list-tokens';
import { handler as transferTokens } from '../src/http/tokens/transfer-tokens';
import { handler as updateToken } from '../src/http/tokens/update-token';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';
import { apiGatewayEvent, invoke } from './api-gateway-event';
import { mutationEvent } from './auth-requests';
import { givenSignedInUser } from './fixtures';

async function put(item: Record<string, unknown>) {
  await getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));
}

/** A day `days` after today, as `YYYY-MM-DD`. */
export const inDays = (days: number) => addCalendarDays(new Date(), days);

/** Today where it is latest (UTC-12): a day no one can still call the future, at any hour. */
export const todayEverywhere = () => dayBegunEverywhere(new Date());

/** A workspace straight in the table, owned by a fresh user who is its admin. */
export async function givenWorkspace(options: { plan?: Plan; frozen?: boolean } = {}) {
  const owner = await givenSignedInUser();
  const workspaceId = randomUUID();
  const now = new Date();
  await put(
    workspaceCodec.toItem(
      newStoredWorkspace({
        workspaceId,
        name: 'Platform',
        ownerId: owner.userId,
        plan: options.plan ?? 'team',
        isFrozen: options.frozen ?? false,
        now,
      }),
    ),
  );
  await put(
    memberCodec.toItem(newMember({ workspaceId, userId: owner.userId, role: 'admin', now })),
  );
  return { workspaceId, owner };
}

/** A new signed-in user with `role` in the workspace. */
export async function givenMember(workspaceId: string, role: Role) {
  const user = await givenSignedInUser();
  await put(
    memberCodec.toItem(newMember({ workspaceId, userId: user.userId, role, now: new Date() })),
  );
  return user;
}

export const listRequest = (cookie: string | undefined, query: string) =>
  invoke(
    listTokens,
    apiGatewayEvent({
      method: 'GET',
      path: '/api/tokens',
      query,
      cookies: cookie ? [cookie] : [],
    }),
  );

export const createRequest = (cookie: string | undefined, body: unknown) =>
  invoke(
    createToken,
    mutationEvent({ method: 'POST', path: '/api/tokens', body, cookies: cookie ? [cookie] : [] }),
  );

function withId<E extends { pathParameters?: Record<string, string | undefined> }>(
  event: E,
  id: string,
): E {
  event.pathParameters = { id };
  return event;
}

export const updateEvent = (cookie: string | undefined, id: string, body: unknown) =>
  withId(
    mutationEvent({
      method: 'PUT',
      path: `/api/tokens/${id}`,
      body,
      cookies: cookie ? [cookie] : [],
    }),
    id,
  );

export const updateRequest = (cookie: string | undefined, id: string, body: unknown) =>
  invoke(updateToken, updateEvent(cookie, id, body));

export const deleteRequest = (cookie: string | undefined, id: string) =>
  invoke(
    deleteToken,
    withId(
      mutationEvent({
        method: 'DELETE',
        path: `/api/tokens/${id}`,
        cookies: cookie ? [cookie] : [],
      }),
      id,
    ),
  );

export const transferRequest = (cookie: string | undefined, targetId: string, body: unknown) =>
  invoke(
    transferTokens,
    withId(
      mutationEvent({
        method: 'POST',
        path: `/api/v1/workspaces/${targetId}/transfer-tokens`,
        body,
        cookies: cookie ? [cookie] : [],
      }),
      targetId,
    ),
  );

/** Creates a token through the handler; fails the test unless it answers 201. */
export async function givenToken(
  cookie: string,
  workspaceId: string,
  fields: Record<string, unknown> = {},
): Promise<Token> {
  const response = await createRequest(cookie, {
    name: `Token ${randomUUID().slice(0, 8)}`,
    category: 'key_secret',
    type: 'api_key',
    expiresAt: inDays(30),
    workspace_id: workspaceId,
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(`Create failed: ${response.body}`);
  return response.json as Token;
}
