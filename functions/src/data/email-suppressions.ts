/**
 * The suppression list (ACCESS_PATTERNS.md row 48; items of entities/email-suppression.ts):
 * written by the email feedback job from SES's bounce and complaint notifications, read before
 * an email is sent (the alert worker, account emails) and by the alert settings (which contact
 * addresses bounce), removed by a workspace admin once the address is fixed.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { emailSuppressionCodec, type EmailSuppression } from './entities/email-suppression';
import { keys } from './keys';
import { batchGetAll, readItem } from './table-operations';

export async function putEmailSuppression(suppression: EmailSuppression): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: emailSuppressionCodec.toItem(suppression),
    }),
  );
}

/** The suppression of one address, if any (consistent: a report just recorded counts). */
export async function findEmailSuppression(address: string): Promise<EmailSuppression | null> {
  const item = await readItem(keys.emailSuppression(address), { consistentRead: true });
  return item ? emailSuppressionCodec.fromItem(item) : null;
}

/** Of these addresses, the suppressed ones, by lower-cased address. */
export async function findEmailSuppressions(
  addresses: readonly string[],
): Promise<Map<string, EmailSuppression>> {
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (unique.length === 0) return new Map();
  const items = await batchGetAll(unique.map((address) => keys.emailSuppression(address)));
  const suppressions = items.map((item) => emailSuppressionCodec.fromItem(item));
  return new Map(suppressions.map((suppression) => [suppression.address, suppression]));
}

/** Removes an address from the list; false when it was not on it. */
export async function removeEmailSuppression(address: string): Promise<boolean> {
  const { Attributes } = await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.emailSuppression(address),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes !== undefined;
}
