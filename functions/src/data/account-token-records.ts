/**
 * Single-use tokens of emailed links (email verification, password reset). Only the SHA-256 of
 * the token is stored; using a link deletes its item in the same conditional write that checks it.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { addSeconds } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  accountTokenCodec,
  type AccountTokenPurpose,
  type AccountTokenRecord,
} from './entities/account-token';
import { ACCOUNT_TOKEN_SORT_PREFIX, gsi1, keys } from './keys';
import { generateSecret, hashSecret } from './secret-hash';
import { INDEX_NAMES } from './table-definition';
import { deleteItems, isConditionalCheckFailure, keyOf, queryAll } from './table-operations';

export type { AccountTokenPurpose, AccountTokenRecord } from './entities/account-token';

export async function createAccountToken(options: {
  purpose: AccountTokenPurpose;
  userId: string;
  email: string;
  lifetimeSeconds: number;
  now: Date;
  redirect?: string;
}): Promise<string> {
  const token = generateSecret();
  const tokenHash = hashSecret(token);
  const expiresAt = addSeconds(options.now, options.lifetimeSeconds);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: accountTokenCodec.toItem({
        tokenHash,
        token: {
          purpose: options.purpose,
          userId: options.userId,
          email: options.email,
          ...(options.redirect ? { redirect: options.redirect } : {}),
        },
        createdAt: options.now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      }),
    }),
  );
  return token;
}

/**
 * Uses a token: deletes it if it exists, has this purpose and has not expired, and returns what
 * it was for. Undefined for unknown, expired, already used or other-purpose tokens.
 */
export async function consumeAccountToken(
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<AccountTokenRecord | undefined> {
  try {
    const { Attributes } = await getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: keys.accountToken(hashSecret(token)),
        ConditionExpression: 'attribute_exists(pk) AND purpose = :purpose AND expiresAt > :now',
        ExpressionAttributeValues: { ':purpose': purpose, ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    return accountTokenCodec.fromItem(Attributes).token;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Revokes every outstanding link of a user with this purpose (using one reset link ends the
 * others). Expired items not yet removed by TTL are deleted too.
 */
export async function deleteAccountTokensOfUser(
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  const tokens = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    FilterExpression: 'purpose = :purpose',
    ExpressionAttributeValues: {
      ':pk': gsi1.userItems(userId),
      ':prefix': ACCOUNT_TOKEN_SORT_PREFIX,
      ':purpose': purpose,
    },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(tokens.map(keyOf));
}
