/**
 * Links of a provider's subject to the account it signs in as (entities/sso-identity.ts): read
 * first at every SSO sign-in, so the subject, not the address, decides the account once linked.
 */
import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { ssoIdentityCodec, type SsoIdentityRecord } from './entities/sso-identity';
import { gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { conditionalWrite, queryAll, readItem } from './table-operations';

export interface SsoSubject {
  readonly organizationId: string;
  /** OIDC: the issuer URL; SAML: the IdP's entity id. */
  readonly issuer: string;
  /** OIDC: `sub`; SAML: the NameID (persistent). */
  readonly subject: string;
}

export function ssoSubjectHash({ organizationId, issuer, subject }: SsoSubject): string {
  return createHash('sha256')
    .update(JSON.stringify([organizationId, issuer, subject]))
    .digest('base64url');
}

export async function findSsoIdentity(subject: SsoSubject): Promise<SsoIdentityRecord | undefined> {
  const item = await readItem(keys.ssoIdentity(ssoSubjectHash(subject)), { consistentRead: true });
  return item ? ssoIdentityCodec.fromItem(item) : undefined;
}

/** Links the subject to the account; false when it is linked already (to any account). */
export async function linkSsoIdentity(
  subject: SsoSubject,
  userId: string,
  now: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: ssoIdentityCodec.toItem({
          ...subject,
          subjectHash: ssoSubjectHash(subject),
          userId,
          linkedAt: now.toISOString(),
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Every provider subject linked to the account (the user's index, one query). */
export async function listSsoIdentitiesOfUser(userId: string): Promise<SsoIdentityRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gsi1.userItems(userId), ':prefix': 'SSO_SUBJECT#' },
  });
  return items.map((item) => ssoIdentityCodec.fromItem(item));
}
