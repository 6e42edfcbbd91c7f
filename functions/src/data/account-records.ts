/** Creating and deleting whole accounts: the user with everything that belongs only to them. */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { conditionFailedAt, deleteItems, keyOf, queryAll } from './table-operations';
import { EmailTakenError, type UserRecord } from './user-records';
import { workspaceNameClaimItem } from './workspace-names';
import {
  membershipItem,
  OWNED_WORKSPACE_IDS,
  PERSONAL_WORKSPACE_NAME,
  workspaceItem,
} from './workspace-records';

export interface NewAccount {
  readonly email: string;
  readonly displayName: string;
  readonly name: string | null;
  readonly avatar: string | null;
  /** Null for accounts created through Google sign-in. */
  readonly passwordHash: string | null;
  readonly emailVerified: boolean;
  /** Google's subject when the account is created through Google sign-in. */
  readonly googleSubject?: string;
}

export interface CreatedAccount {
  readonly user: UserRecord;
  readonly workspaceId: string;
}

/**
 * One transaction: the user, the claim on their address (unique without regard to case), a
 * personal workspace on the free plan, their admin membership and the claim on its name.
 * EmailTakenError when the address is claimed already.
 */
export async function createAccount(account: NewAccount, now: Date): Promise<CreatedAccount> {
  const { tableName } = getConfig();
  const userId = randomUUID();
  const workspaceId = randomUUID();
  const email = account.email.toLowerCase();
  const createdAt = now.toISOString();
  const userItem = {
    ...keys.user(userId),
    id: userId,
    email,
    displayName: account.displayName,
    name: account.name,
    avatar: account.avatar,
    plan: 'free',
    downgraded: false,
    emailVerified: account.emailVerified,
    [OWNED_WORKSPACE_IDS]: new Set([workspaceId]),
    ...(account.passwordHash ? { passwordHash: account.passwordHash } : {}),
    ...(account.emailVerified ? { emailVerifiedAt: createdAt } : {}),
    createdAt,
  };
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const transactItems = [
    put({ ...keys.userEmail(email), ...gsi1.userEmail(userId, email), userId, email, createdAt }),
    put(userItem),
    put(
      workspaceItem({
        workspaceId,
        name: PERSONAL_WORKSPACE_NAME,
        ownerId: userId,
        plan: 'free',
        now,
      }),
    ),
    put(membershipItem({ workspaceId, userId, role: 'admin', now })),
    put(workspaceNameClaimItem(userId, PERSONAL_WORKSPACE_NAME, workspaceId)),
  ];
  if (account.googleSubject) {
    transactItems.push(put(googleIdentityItem(userId, account.googleSubject, now)));
  }
  try {
    await getDocumentClient().send(new TransactWriteCommand({ TransactItems: transactItems }));
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new EmailTakenError();
    throw error;
  }
  return {
    user: {
      id: userId,
      email,
      displayName: account.displayName,
      name: account.name,
      avatar: account.avatar,
      plan: 'free',
      downgraded: false,
      emailVerified: account.emailVerified,
      createdAt,
    },
    workspaceId,
  };
}

export function googleIdentityItem(userId: string, subject: string, now: Date) {
  return {
    ...keys.googleIdentity(subject),
    ...gsi1.googleIdentity(userId, subject),
    userId,
    subject,
    createdAt: now.toISOString(),
  };
}

/**
 * Removes every item of a user: profile, address claim, sessions, memberships, link tokens and
 * the Google link (ACCESS_PATTERNS.md row 22). What happens to the workspaces they own is decided
 * before (services/accounts/account-deletion).
 */
export async function deleteUserItems(userId: string): Promise<void> {
  const userItems = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId) },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems([...userItems.map(keyOf), keys.user(userId)]);
}
