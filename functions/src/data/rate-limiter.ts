/**
 * Fixed-window counters with TTL. A window opens at the first hit and lasts `windowSeconds`;
 * within it at most `limit` hits pass. Each check is one conditional UpdateItem (two when a
 * window opens or the limit is reached). Expired windows are recognised on read, since TTL
 * deletion is lazy.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitRule } from '../domain/account-policy';
import { addSeconds } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { epochSeconds, keys } from './keys';
import { hashSecret } from './secret-hash';
import { isConditionalCheckFailure } from './table-operations';

/** Subjects (addresses, IPs) are hashed: the counters hold no personal data. */
function counterKey(rule: RateLimitRule, subject: string) {
  return keys.rateLimit(rule.name, hashSecret(subject.toLowerCase()));
}

/** Counts one hit; false when the subject is over the limit (the hit is then not counted). */
export async function consumeRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<boolean> {
  const client = getDocumentClient();
  const { tableName } = getConfig();
  const key = counterKey(rule, subject);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD hits :one',
        ConditionExpression: 'windowEndsAt > :now AND hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString(), ':limit': rule.limit },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  const windowEndsAt = addSeconds(now, rule.windowSeconds);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET hits = :one, windowEndsAt = :ends, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(pk) OR windowEndsAt <= :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': now.toISOString(),
          ':ends': windowEndsAt.toISOString(),
          ':ttl': epochSeconds(windowEndsAt),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Forgets a subject's hits (a successful sign-in ends a run of failures). */
export async function clearRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({ TableName: getConfig().tableName, Key: counterKey(rule, subject) }),
  );
}

/**
 * Seconds until a subject's current window ends (at least 1), for a Retry-After; the whole
 * window when no counter is found.
 */
export async function rateLimitRetryAfterSeconds(
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<number> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: counterKey(rule, subject),
      ConsistentRead: true,
      ProjectionExpression: 'windowEndsAt',
    }),
  );
  const endsAt = typeof Item?.windowEndsAt === 'string' ? Date.parse(Item.windowEndsAt) : NaN;
  if (!Number.isFinite(endsAt)) return rule.windowSeconds;
  return Math.min(rule.windowSeconds, Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
}
