import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { emailClaimCodec } from './entities/email-claim';
import { userCodec, type UserRecord } from './entities/user';
import { keys } from './keys';
import { conditionalWrite, conditionFailedAt, type TableItem } from './table-operations';

export type { UserRecord } from './entities/user';

export async function findUserById(userId: string): Promise<UserRecord | undefined> {
  const item = await getUserItem(userId);
  return item ? toUserRecord(item) : undefined;
}

/** The user and their password hash (null for accounts that only sign in with Google). */
export async function findUserCredentials(
  userId: string,
): Promise<{ user: UserRecord; passwordHash: string | null } | undefined> {
  const item = await getUserItem(userId);
  if (!item) return undefined;
  const { user, passwordHash } = userCodec.fromItem(item);
  return { user, passwordHash };
}

/** The user and since when their sessions count (sessions started before were revoked). */
export async function findUserWithRevocation(
  userId: string,
): Promise<{ user: UserRecord; sessionsValidFrom: string | null } | undefined> {
  const item = await getUserItem(userId);
  if (!item) return undefined;
  const { user, sessionsValidFrom } = userCodec.fromItem(item);
  return { user, sessionsValidFrom };
}

/** The id of the user holding an address (any case), from its email claim item. */
export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.userEmail(email) }),
  );
  return Item ? emailClaimCodec.fromItem(Item).userId : undefined;
}

async function getUserItem(userId: string): Promise<TableItem | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.user(userId) }),
  );
  return Item;
}

/** The account of a user item. */
export function toUserRecord(item: TableItem): UserRecord {
  return userCodec.fromItem(item).user;
}

const userExists = 'attribute_exists(pk)';

export async function updateUserName(userId: string, name: string, now: Date): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET #name = :name, displayName = :name, updatedAt = :now',
      ConditionExpression: userExists,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name, ':now': now.toISOString() },
    }),
  );
}

export async function setPasswordHash(userId: string, passwordHash: string, now: Date) {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :now, updatedAt = :now',
      ConditionExpression: userExists,
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': now.toISOString() },
    }),
  );
}

/**
 * Marks the address verified, only if it is still the user's address (a link sent to an old
 * address must not verify a newer one). False when it is not.
 */
export async function markEmailVerified(userId: string, email: string, now: Date) {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET emailVerified = :true, emailVerifiedAt = :now, updatedAt = :now',
        ConditionExpression: `${userExists} AND email = :email`,
        ExpressionAttributeValues: { ':true': true, ':email': email, ':now': now.toISOString() },
      }),
    ),
  );
}

export class EmailTakenError extends Error {
  constructor() {
    super('Email address already in use');
    this.name = 'EmailTakenError';
  }
}

/**
 * Records the address the user asked to move to: the account keeps its address (and its claim)
 * until the link sent to the new one is used. Replaces an earlier pending address. False when
 * the account's address changed meanwhile.
 */
export async function requestEmailChange(
  user: Pick<UserRecord, 'id' | 'email'>,
  newEmail: string,
  now: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.user(user.id),
        UpdateExpression:
          'SET pendingEmail = :pending, pendingEmailRequestedAt = :now, updatedAt = :now',
        ConditionExpression: `${userExists} AND email = :email`,
        ExpressionAttributeValues: {
          ':pending': newEmail,
          ':email': user.email,
          ':now': now.toISOString(),
        },
      }),
    ),
  );
}

/** Drops the pending address change; its link then verifies nothing. */
export async function cancelEmailChange(userId: string, now: Date): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET updatedAt = :now REMOVE pendingEmail, pendingEmailRequestedAt',
      ConditionExpression: userExists,
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * Completes a pending address change once its link is used, in one transaction: claims the new
 * address (unless taken meanwhile: EmailTakenError), releases the old one and makes the new one
 * the account's verified address. False when the change is not pending any more (cancelled,
 * replaced by another address, or the account moved).
 */
export async function confirmEmailChange(
  user: Pick<UserRecord, 'id' | 'email'>,
  newEmail: string,
  now: Date,
): Promise<boolean> {
  const { tableName } = getConfig();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: emailClaimCodec.toItem({
                email: newEmail,
                userId: user.id,
                createdAt: now.toISOString(),
              }),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Delete: {
              TableName: tableName,
              Key: keys.userEmail(user.email),
              ConditionExpression: 'userId = :userId',
              ExpressionAttributeValues: { ':userId': user.id },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.user(user.id),
              UpdateExpression:
                'SET email = :email, emailVerified = :true, emailVerifiedAt = :now, ' +
                'updatedAt = :now REMOVE pendingEmail, pendingEmailRequestedAt',
              ConditionExpression: 'email = :oldEmail AND pendingEmail = :email',
              ExpressionAttributeValues: {
                ':email': newEmail,
                ':oldEmail': user.email,
                ':true': true,
                ':now': now.toISOString(),
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new EmailTakenError();
    if (conditionFailedAt(error, 1) || conditionFailedAt(error, 2)) return false;
    throw error;
  }
}
