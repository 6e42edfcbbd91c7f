/**
 * API keys of a user written straight to the table (both items of each, and the user's count of
 * keys), for states the API does not make: more keys than the plan allows (made on a bigger plan,
 * kept over a downgrade), or keys that expired.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_KEY_PREFIX } from '@expiry-radar/shared/domain/api-keys';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import {
  apiKeyCodec,
  apiKeyCredentialCodec,
  type ApiKeyRecord,
} from '../src/data/entities/api-key';
import { API_KEY_COUNT } from '../src/data/entities/user';
import { keys } from '../src/data/keys';
import { hashSecret } from '../src/data/secret-hash';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

/** DynamoDB's BatchWriteItem takes at most 25 requests. */
const BATCH_SIZE = 25;

export interface SeededApiKey {
  /** `YYYY-MM-DD`: the key stops working at 00:00 UTC that day (a past day: expired). */
  readonly expiresOn: string;
  readonly createdAt: Date;
}

/** Writes the keys (read-only, all workspaces, their inventory token in `workspaceId`); their ids. */
export async function givenApiKeys(
  user: { readonly userId: string; readonly workspaceId: string },
  seeded: readonly SeededApiKey[],
): Promise<string[]> {
  const { tableName } = getConfig();
  const records: ApiKeyRecord[] = seeded.map((key, index) => ({
    id: randomUUID(),
    userId: user.userId,
    name: `Seeded key ${index + 1}`,
    workspaceId: null,
    workspaceName: null,
    access: 'read',
    createdAt: key.createdAt.toISOString(),
    expiresOn: key.expiresOn,
    lastUsedAt: null,
    secretHash: hashSecret(`${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`),
    tokenId: randomUUID(),
    tokenWorkspaceId: user.workspaceId,
  }));
  const items = records.flatMap((record) => [
    apiKeyCodec.toItem(record),
    apiKeyCredentialCodec.toItem(record),
  ]);
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    let requests = items.slice(start, start + BATCH_SIZE).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const result = await getDocumentClient().send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.user(user.userId),
      UpdateExpression: 'ADD #count :added',
      ExpressionAttributeNames: { '#count': API_KEY_COUNT },
      ExpressionAttributeValues: { ':added': records.length },
    }),
  );
  return records.map((record) => record.id);
}

/**
 * As many further keys as the user's plan allows, newer than those they have: the user is over
 * the plan's key limit (as after a downgrade), their older keys keep working and these are the
 * paused ones. Nothing on a plan without a limit.
 */
export async function givenApiKeysBeyondPlanLimit(user: {
  readonly userId: string;
  readonly workspaceId: string;
}): Promise<void> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.user(user.userId),
      ProjectionExpression: '#plan',
      ExpressionAttributeNames: { '#plan': 'plan' },
    }),
  );
  const limit = PLAN_LIMITS[(Item?.plan as Plan | undefined) ?? 'free'].apiKeysPerUser;
  if (limit === null) return;
  const later = Date.now() + 60_000;
  await givenApiKeys(
    user,
    Array.from({ length: limit }, (_, index) => ({
      expiresOn: new Date(later + 30 * 86_400_000).toISOString().slice(0, 10),
      createdAt: new Date(later + index),
    })),
  );
}
