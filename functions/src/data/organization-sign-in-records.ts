/**
 * Records of enterprise sign-in: an organization's email domains, the claims of verified ones,
 * its SSO connection, and pending SSO sign-ins.
 */
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { addSeconds, GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  organizationDomainCodec,
  type OrganizationDomainRecord,
} from './entities/organization-domain';
import { ssoConnectionCodec, type SsoConnectionRecord } from './entities/sso-connection';
import { ssoSignInStateCodec, type SsoSignInState } from './entities/sso-sign-in-state';
import {
  verifiedDomainClaimCodec,
  type VerifiedDomainClaimRecord,
} from './entities/verified-domain-claim';
import { keys, ORGANIZATION_DOMAIN_SORT_PREFIX } from './keys';
import { hashSecret } from './secret-hash';
import {
  conditionalWrite,
  conditionFailedAt,
  isConditionalCheckFailure,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
} from './table-operations';

export type { OrganizationDomainRecord, SsoConnectionRecord, SsoSignInState };

export async function listOrganizationDomains(
  organizationId: string,
): Promise<OrganizationDomainRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(`ORG#${organizationId}`, ORGANIZATION_DOMAIN_SORT_PREFIX),
  );
  return items.map((item) => organizationDomainCodec.fromItem(item));
}

export async function findOrganizationDomain(
  organizationId: string,
  domain: string,
): Promise<OrganizationDomainRecord | undefined> {
  const item = await readItem(keys.organizationDomain(organizationId, domain), {
    consistentRead: true,
  });
  return item ? organizationDomainCodec.fromItem(item) : undefined;
}

/** False when the organization has the domain already. */
export async function addOrganizationDomain(record: OrganizationDomainRecord): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: organizationDomainCodec.toItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/**
 * Claims the domain for the organization and marks it verified, in one transaction; 'taken' when
 * another organization holds the claim.
 */
export async function markDomainVerified(
  organizationId: string,
  domain: string,
  now: Date,
  /** When it was verified first (a check again keeps that date). */
  firstVerifiedAt: string | null,
): Promise<'verified' | 'taken'> {
  const { tableName } = getConfig();
  const verifiedAt = now.toISOString();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: verifiedDomainClaimCodec.toItem({ domain, organizationId, verifiedAt }),
              ConditionExpression: 'attribute_not_exists(pk) OR organizationId = :organizationId',
              ExpressionAttributeValues: { ':organizationId': organizationId },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.organizationDomain(organizationId, domain),
              // A pending domain stores verifiedAt as null, which if_not_exists counts as set.
              UpdateExpression: 'SET verifiedAt = :verifiedAt, lastCheckError = :none',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: {
                ':verifiedAt': firstVerifiedAt ?? verifiedAt,
                ':none': null,
              },
            },
          },
        ],
      }),
    );
    return 'verified';
  } catch (error) {
    if (conditionFailedAt(error, 0)) return 'taken';
    throw error;
  }
}

export async function recordDomainCheckError(
  organizationId: string,
  domain: string,
  message: string,
): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.organizationDomain(organizationId, domain),
      UpdateExpression: 'SET lastCheckError = :message',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':message': message },
    }),
  );
}

/** Removes the domain and, when this organization held it, its claim. */
export async function removeOrganizationDomain(
  organizationId: string,
  domain: string,
): Promise<void> {
  const { tableName } = getConfig();
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: tableName,
      Key: keys.organizationDomain(organizationId, domain),
    }),
  );
  await conditionalWrite(
    getDocumentClient().send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.verifiedDomainClaim(domain),
        ConditionExpression: 'organizationId = :organizationId',
        ExpressionAttributeValues: { ':organizationId': organizationId },
      }),
    ),
  );
}

export async function findVerifiedDomainClaim(
  domain: string,
): Promise<VerifiedDomainClaimRecord | undefined> {
  const item = await readItem(keys.verifiedDomainClaim(domain));
  return item ? verifiedDomainClaimCodec.fromItem(item) : undefined;
}

export async function findSsoConnection(
  organizationId: string,
): Promise<SsoConnectionRecord | undefined> {
  const item = await readItem(keys.ssoConnection(organizationId), { consistentRead: true });
  return item ? ssoConnectionCodec.fromItem(item) : undefined;
}

export async function putSsoConnection(record: SsoConnectionRecord): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({ TableName: getConfig().tableName, Item: ssoConnectionCodec.toItem(record) }),
  );
}

export async function saveSsoSignInState(
  state: string,
  pending: SsoSignInState,
  now: Date,
): Promise<void> {
  const expiresAt = addSeconds(now, GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS).toISOString();
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: ssoSignInStateCodec.toItem({ stateHash: hashSecret(state), pending, expiresAt }),
    }),
  );
}

/** Takes the pending sign-in of `state` (once); undefined if unknown, used or expired. */
export async function consumeSsoSignInState(
  state: string,
  now: Date,
): Promise<SsoSignInState | undefined> {
  try {
    const { Attributes } = await getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: keys.ssoSignInState(hashSecret(state)),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? ssoSignInStateCodec.fromItem(Attributes).pending : undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
