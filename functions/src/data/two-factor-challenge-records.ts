/**
 * Pending sign-ins waiting for their second factor (entities/two-factor-challenge.ts;
 * ACCESS_PATTERNS.md row 44). The cookie holds `<userId>.<secret>`; only the hash of the whole
 * value is stored, and the stored challenge must name the same user.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  twoFactorChallengeCodec,
  type SignInMethod,
  type TwoFactorChallengeRecord,
} from './entities/two-factor-challenge';
import { keys } from './keys';
import { generateSecret, hashSecret } from './secret-hash';
import { isConditionalCheckFailure, readItem, type TableItem } from './table-operations';

export type { SignInMethod, TwoFactorChallengeRecord } from './entities/two-factor-challenge';

export interface NewTwoFactorChallenge {
  /** The secret for the cookie; only its hash is stored. */
  readonly challengeId: string;
  readonly expiresAt: Date;
}

export async function createTwoFactorChallenge(options: {
  userId: string;
  method: SignInMethod;
  redirect: string | null;
  lifetimeSeconds: number;
  now: Date;
}): Promise<NewTwoFactorChallenge> {
  const challengeId = `${options.userId}.${generateSecret()}`;
  const expiresAt = new Date(options.now.getTime() + options.lifetimeSeconds * 1000);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: twoFactorChallengeCodec.toItem({
        challengeHash: hashSecret(challengeId),
        challenge: {
          userId: options.userId,
          method: options.method,
          redirect: options.redirect,
          createdAt: options.now.toISOString(),
          expiresAt: expiresAt.toISOString(),
        },
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { challengeId, expiresAt };
}

function activeChallengeOf(
  challengeId: string,
  item: TableItem | undefined,
  now: Date,
): TwoFactorChallengeRecord | undefined {
  if (!item) return undefined;
  const { challenge } = twoFactorChallengeCodec.fromItem(item);
  // TTL deletes lazily: expiry is checked on every read.
  if (Date.parse(challenge.expiresAt) <= now.getTime()) return undefined;
  if (!challengeId.startsWith(`${challenge.userId}.`)) return undefined;
  return challenge;
}

/** The pending sign-in a cookie names, if it exists and has not expired. */
export async function findTwoFactorChallenge(
  challengeId: string,
  now: Date,
): Promise<TwoFactorChallengeRecord | undefined> {
  const item = await readItem(keys.twoFactorChallenge(hashSecret(challengeId)), {
    consistentRead: true,
  });
  return activeChallengeOf(challengeId, item, now);
}

/**
 * Ends a pending sign-in that is still active, once: of two requests completing it, one gets
 * the challenge and the other undefined.
 */
export async function consumeTwoFactorChallenge(
  challengeId: string,
  now: Date,
): Promise<TwoFactorChallengeRecord | undefined> {
  try {
    const { Attributes } = await getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: keys.twoFactorChallenge(hashSecret(challengeId)),
        ConditionExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return activeChallengeOf(challengeId, Attributes, now);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
