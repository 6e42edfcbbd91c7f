/**
 * Fixed-window counters with TTL. A window opens at the first hit and lasts `windowSeconds`;
 * within it at most `limit` hits pass. Each check is one conditional UpdateItem (two when a
 * window opens). A refused write returns the item as it was, so concurrent first requests all
 * count against the one window that the first of them opened, and a refusal knows how long its
 * window still runs. Expired windows are recognised on read, since TTL deletion is lazy.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitRule } from '../domain/account-policy';
import { addSeconds } from '../domain/account-policy';
import { rateLimitAddress } from '../domain/rate-limit-address';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  rateLimitCounterFromRawItem,
  windowEndsAtFromItem,
  WINDOW_ENDS_AT_PROJECTION,
  type RateLimitCounter,
} from './entities/rate-limit';
import { epochSeconds, keys } from './keys';
import { hashSecret } from './secret-hash';
import { conditionalWrite, isConditionalCheckFailure } from './table-operations';

/**
 * Subjects (addresses, IPs) are hashed: the counters hold no personal data. A client IP counts
 * as what rateLimitAddress makes of it (an IPv6 address as its /64).
 */
function counterKey(rule: RateLimitRule, subject: string) {
  return keys.rateLimit(rule.name, hashSecret(rateLimitAddress(subject).toLowerCase()));
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** When refused: whole seconds until the window ends and hits pass again; else 0. */
  readonly retryAfterSeconds: number;
  /** When allowed: the hits the window still allows after this one; else 0. */
  readonly remaining: number;
}

/** The counter as a refused conditional write found it; undefined when there was none. */
function counterStateOf(error: unknown): RateLimitCounter | undefined {
  return rateLimitCounterFromRawItem((error as { Item?: Record<string, AttributeValue> }).Item);
}

function refusal(windowEndsAt: string, now: Date): RateLimitDecision {
  const seconds = Math.ceil((Date.parse(windowEndsAt) - now.getTime()) / 1000);
  return { allowed: false, retryAfterSeconds: Math.max(1, seconds), remaining: 0 };
}

function allowed(rule: RateLimitRule, hits: number): RateLimitDecision {
  return { allowed: true, retryAfterSeconds: 0, remaining: Math.max(0, rule.limit - hits) };
}

/** The hits an `ADD hits` update answered (`UPDATED_NEW`). */
function hitsOf(attributes: Record<string, unknown> | undefined): number {
  const hits = attributes?.hits;
  return typeof hits === 'number' ? hits : 1;
}

/**
 * A window that opens and closes again while one request is deciding would send it round the
 * loop once more; more rounds than this mean something else is wrong.
 */
const MAX_ROUNDS = 4;

/**
 * Counts one hit of a subject. Refused when the subject's window already holds `limit` hits
 * (the refused hit is not counted), with the seconds until that window ends.
 */
export async function takeRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitDecision> {
  const client = getDocumentClient();
  const { tableName } = getConfig();
  const key = counterKey(rule, subject);
  const nowText = now.toISOString();
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    try {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'ADD hits :one',
          ConditionExpression: 'windowEndsAt > :now AND hits < :limit',
          ExpressionAttributeValues: { ':one': 1, ':now': nowText, ':limit': rule.limit },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return allowed(rule, hitsOf(Attributes));
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      const counter = counterStateOf(error);
      // A running window that is full: refused. No counter or an expired one: open a window.
      if (counter && counter.windowEndsAt > nowText) return refusal(counter.windowEndsAt, now);
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
            ':now': nowText,
            ':ends': windowEndsAt.toISOString(),
            ':ttl': epochSeconds(windowEndsAt),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return allowed(rule, 1);
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another request opened the window first: this hit counts in that window.
      const counter = counterStateOf(error);
      if (counter && counter.hits >= rule.limit) return refusal(counter.windowEndsAt, now);
    }
  }
  throw new Error(`Rate limit ${rule.name}: the counter kept changing`);
}

/** Counts one hit; false when the subject is over the limit (the hit is then not counted). */
export async function consumeRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<boolean> {
  return (await takeRateLimit(rule, subject, now)).allowed;
}

/**
 * Gives back one hit of the running window (a request that was counted before it could tell
 * whether it should count, such as a sign-in that then succeeded). Never goes below zero.
 */
export async function refundRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  await conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: counterKey(rule, subject),
        UpdateExpression: 'ADD hits :minusOne',
        ConditionExpression: 'windowEndsAt > :now AND hits > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': now.toISOString() },
      }),
    ),
  );
}

/**
 * Fills a subject's window and starts it again now: every hit is refused for the rule's whole
 * window from this moment (a lockout that runs from the failure that caused it).
 */
export async function lockRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  const windowEndsAt = addSeconds(now, rule.windowSeconds);
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: counterKey(rule, subject),
      UpdateExpression: 'SET hits = :limit, windowEndsAt = :ends, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':limit': rule.limit,
        ':ends': windowEndsAt.toISOString(),
        ':ttl': epochSeconds(windowEndsAt),
      },
    }),
  );
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
      ProjectionExpression: WINDOW_ENDS_AT_PROJECTION,
    }),
  );
  const endsAt = Item ? Date.parse(windowEndsAtFromItem(Item)) : NaN;
  if (!Number.isFinite(endsAt)) return rule.windowSeconds;
  return Math.min(rule.windowSeconds, Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
}
