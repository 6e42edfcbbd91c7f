/**
 * A user's two-factor item (entities/two-factor.ts; ACCESS_PATTERNS.md rows 40–43) and the flag on
 * their profile that says it is on. Every change that matters is conditional, so two requests
 * cannot both use one code, one recovery code, or one confirmation.
 */
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { twoFactorCodec, type TwoFactorRecord } from './entities/two-factor';
import { keys } from './keys';
import {
  conditionalWrite,
  conditionFailedAt,
  isConditionalCheckFailure,
  readItem,
} from './table-operations';

export type { TwoFactorRecord } from './entities/two-factor';

/** The user's two-factor item (consistent: a code just used must count as used). */
export async function findTwoFactor(userId: string): Promise<TwoFactorRecord | undefined> {
  const item = await readItem(keys.twoFactor(userId), { consistentRead: true });
  return item ? twoFactorCodec.fromItem(item) : undefined;
}

/**
 * Starts (or restarts) an enrolment with a new sealed secret; false when two-factor
 * authentication is on already (it must be turned off first).
 */
export async function savePendingTwoFactor(
  userId: string,
  encryptedSecret: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: twoFactorCodec.toItem({
          userId,
          status: 'pending',
          encryptedSecret,
          pendingExpiresAt: expiresAt.toISOString(),
          enabledAt: null,
          lastUsedStep: null,
          recoveryCodeHashes: new Set(),
          updatedAt: now.toISOString(),
        }),
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    ),
  );
}

/**
 * Turns on the pending enrolment whose sealed secret was read (not a newer one, not an expired
 * one), with the step of the confirming code as used and the recovery codes' hashes, and marks the
 * profile; false when the enrolment changed or expired meanwhile.
 */
export async function enableTwoFactor(options: {
  userId: string;
  encryptedSecret: string;
  step: number;
  recoveryCodeHashes: readonly string[];
  now: Date;
}): Promise<boolean> {
  const { tableName } = getConfig();
  const now = options.now.toISOString();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: keys.twoFactor(options.userId),
              UpdateExpression:
                'SET #status = :enabled, enabledAt = :now, lastUsedStep = :step, recoveryCodeHashes = :hashes, updatedAt = :now REMOVE pendingExpiresAt, #ttl',
              ConditionExpression:
                '#status = :pending AND encryptedSecret = :secret AND pendingExpiresAt > :now',
              ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':enabled': 'enabled',
                ':pending': 'pending',
                ':secret': options.encryptedSecret,
                ':now': now,
                ':step': options.step,
                ':hashes': new Set(options.recoveryCodeHashes),
              },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.user(options.userId),
              UpdateExpression: 'SET twoFactorEnabled = :true, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':true': true, ':now': now },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 1)) return false;
    throw error;
  }
}

/**
 * Records a TOTP step as used, only if it is later than the last one used (a replayed or older
 * code is refused); false when it is not, or two-factor authentication is no longer on.
 */
export async function useTotpStep(userId: string, step: number, now: Date): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.twoFactor(userId),
        UpdateExpression: 'SET lastUsedStep = :step, updatedAt = :now',
        ConditionExpression:
          '#status = :enabled AND (attribute_not_exists(lastUsedStep) OR lastUsedStep < :step)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':enabled': 'enabled',
          ':step': step,
          ':now': now.toISOString(),
        },
      }),
    ),
  );
}

/**
 * Uses a recovery code: removes its hash if it is there, in one conditional write (a code works
 * once). The number of codes left, or undefined when the code is not (or no longer) one.
 */
export async function useRecoveryCode(
  userId: string,
  codeHash: string,
  now: Date,
): Promise<number | undefined> {
  try {
    const { Attributes } = await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.twoFactor(userId),
        UpdateExpression: 'DELETE recoveryCodeHashes :hash SET updatedAt = :now',
        ConditionExpression: '#status = :enabled AND contains(recoveryCodeHashes, :code)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':enabled': 'enabled',
          ':hash': new Set([codeHash]),
          ':code': codeHash,
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? twoFactorCodec.fromItem(Attributes).recoveryCodeHashes.size : 0;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** Replaces every recovery code; false when two-factor authentication is not on. */
export async function replaceRecoveryCodes(
  userId: string,
  codeHashes: readonly string[],
  now: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.twoFactor(userId),
        UpdateExpression: 'SET recoveryCodeHashes = :hashes, updatedAt = :now',
        ConditionExpression: '#status = :enabled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':enabled': 'enabled',
          ':hashes': new Set(codeHashes),
          ':now': now.toISOString(),
        },
      }),
    ),
  );
}

/** Turns two-factor authentication off: the item goes, the profile flag is cleared. */
export async function disableTwoFactor(userId: string, now: Date): Promise<boolean> {
  const { tableName } = getConfig();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName,
              Key: keys.twoFactor(userId),
              ConditionExpression: '#status = :enabled',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':enabled': 'enabled' },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.user(userId),
              UpdateExpression: 'SET twoFactorEnabled = :false, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':false': false, ':now': now.toISOString() },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 1)) return false;
    throw error;
  }
}

/** Removes an abandoned enrolment (nothing when two-factor authentication is on). */
export async function deletePendingTwoFactor(userId: string): Promise<void> {
  await conditionalWrite(
    getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: keys.twoFactor(userId),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    ),
  );
}
