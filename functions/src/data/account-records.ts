/** Creating and deleting whole accounts: the user with everything that belongs only to them. */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { emailClaimCodec } from './entities/email-claim';
import { googleIdentityCodec } from './entities/google-identity';
import { userCodec } from './entities/user';
import { gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { conditionFailedAt, deleteItems, keyOf, queryAll } from './table-operations';
import { EmailTakenError, type UserRecord } from './user-records';
import { membershipItem, PERSONAL_WORKSPACE_NAME, workspaceItem } from './workspace-records';
import { workspaceNameClaimItem } from './workspace-names';
import { emptySearchIndexItem } from './search-index-store';

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
 * personal workspace on the free plan with its empty search index, their admin membership and the
 * claim on its name.
 * EmailTakenError when the address is claimed already.
 */
export async function createAccount(account: NewAccount, now: Date): Promise<CreatedAccount> {
  const { tableName } = getConfig();
  const userId = randomUUID();
  const workspaceId = randomUUID();
  const email = account.email.toLowerCase();
  const createdAt = now.toISOString();
  const user: UserRecord = {
    id: userId,
    email,
    displayName: account.displayName,
    name: account.name,
    avatar: account.avatar,
    plan: 'free',
    downgraded: false,
    emailVerified: account.emailVerified,
    twoFactorEnabled: false,
    pendingEmail: null,
    createdAt,
  };
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const transactItems = [
    put(emailClaimCodec.toItem({ email, userId, createdAt })),
    put(
      userCodec.toItem({
        user,
        passwordHash: account.passwordHash,
        emailVerifiedAt: account.emailVerified ? createdAt : null,
        sessionsValidFrom: null,
        ownedWorkspaceIds: new Set([workspaceId]),
      }),
    ),
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
    put(emptySearchIndexItem(workspaceId)),
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
  return { user, workspaceId };
}

/** The item linking a Google account (its subject) to a user (entities/google-identity.ts). */
export function googleIdentityItem(userId: string, subject: string, now: Date) {
  return googleIdentityCodec.toItem({ subject, userId, createdAt: now.toISOString() });
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
