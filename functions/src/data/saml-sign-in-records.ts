/**
 * SAML sign-in's records: the AuthnRequests we sent (entities/saml-request.ts), answered once, and
 * the assertions used (entities/saml-assertion.ts), each remembered until it expires.
 */
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addSeconds, GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { samlAssertionCodec } from './entities/saml-assertion';
import { samlRequestCodec, type SamlRequestRecord } from './entities/saml-request';
import { keys } from './keys';
import { hashSecret } from './secret-hash';
import { conditionalWrite, readItem } from './table-operations';

export type { SamlRequestRecord };

export interface NewSamlRequest {
  readonly organizationId: string;
  readonly email: string;
  readonly requestId: string;
  readonly redirect: string;
}

export async function saveSamlRequest(
  relayState: string,
  request: NewSamlRequest,
  now: Date,
): Promise<void> {
  const expiresAt = addSeconds(now, GOOGLE_SIGN_IN_STATE_LIFETIME_SECONDS).toISOString();
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: samlRequestCodec.toItem({
        relayStateHash: hashSecret(relayState),
        ...request,
        expiresAt,
      }),
    }),
  );
}

/** The request a RelayState names, answered or not; undefined when unknown. */
export async function findSamlRequest(relayState: string): Promise<SamlRequestRecord | undefined> {
  const item = await readItem(keys.samlRequest(hashSecret(relayState)), { consistentRead: true });
  return item ? samlRequestCodec.fromItem(item) : undefined;
}

/** Marks the request answered; false when it was answered already or has expired. */
export async function markSamlRequestAnswered(relayState: string, now: Date): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.samlRequest(hashSecret(relayState)),
        UpdateExpression: 'SET answeredAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(answeredAt) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    ),
  );
}

export interface UsedAssertion {
  readonly organizationId: string;
  readonly issuer: string;
  readonly assertionId: string;
  /** The assertion's NotOnOrAfter (or the latest instant it could still be accepted). */
  readonly expiresAt: Date;
}

function assertionHash({ organizationId, issuer, assertionId }: UsedAssertion): string {
  return createHash('sha256')
    .update(JSON.stringify([organizationId, issuer, assertionId]))
    .digest('base64url');
}

/** Remembers the assertion as used; false when it was used before (a replay). */
export async function rememberSamlAssertion(assertion: UsedAssertion, now: Date): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: samlAssertionCodec.toItem({
          assertionHash: assertionHash(assertion),
          organizationId: assertion.organizationId,
          usedAt: now.toISOString(),
          expiresAt: assertion.expiresAt.toISOString(),
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}
