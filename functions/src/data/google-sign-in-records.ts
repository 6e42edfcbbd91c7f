/** Google links (Google's subject -> user) and the pending state of a Google sign-in. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addSeconds, GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { googleIdentityItem } from './account-records';
import { googleIdentityCodec } from './entities/google-identity';
import { googleSignInStateCodec, type GoogleSignInState } from './entities/google-sign-in-state';
import { keys } from './keys';
import { hashSecret } from './secret-hash';
import { conditionalWrite, isConditionalCheckFailure } from './table-operations';

export async function findUserIdByGoogleSubject(subject: string): Promise<string | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.googleIdentity(subject) }),
  );
  return Item ? googleIdentityCodec.fromItem(Item).userId : undefined;
}

/**
 * Links a Google identity to an existing account whose address Google has verified; the address
 * counts as verified from then on.
 */
export async function linkGoogleIdentity(userId: string, subject: string, now: Date) {
  const { tableName } = getConfig();
  await conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: tableName,
        Item: googleIdentityItem(userId, subject, now),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression:
        'SET emailVerified = :true, emailVerifiedAt = if_not_exists(emailVerifiedAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
    }),
  );
}

export async function saveGoogleSignInState(
  state: string,
  pending: GoogleSignInState,
  now: Date,
): Promise<void> {
  const expiresAt = addSeconds(now, GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: googleSignInStateCodec.toItem({
        stateHash: hashSecret(state),
        pending,
        expiresAt: expiresAt.toISOString(),
      }),
    }),
  );
}

/** Takes the pending sign-in of `state` (once); undefined if unknown, used or expired. */
export async function consumeGoogleSignInState(
  state: string,
  now: Date,
): Promise<GoogleSignInState | undefined> {
  try {
    const { Attributes } = await getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: keys.googleSignInState(hashSecret(state)),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    return googleSignInStateCodec.fromItem(Attributes).pending;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
