/**
 * The PagerDuty back-channel's secrets (ACCESS_PATTERNS.md row 72): per PagerDuty webhook of a
 * workspace, the signing secret of the V3 webhook subscription that sends its incidents' events
 * back, sealed as integration credentials are (`pk=WS#<workspaceId>`,
 * `sk=PAGERDUTY_SECRET#<webhook name>`). Written by an editor, read by the receiver (one Query of
 * the workspace's few) and by the settings' list; they go with the workspace's other items.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { getConfig } from '../platform/config';
import { getDocumentClient } from '../platform/aws-clients';
import { logger } from '../platform/logger';
import { keys, PAGERDUTY_SECRET_SORT_PREFIX } from './keys';
import { queryAll, sortKeyPrefixQuery } from './table-operations';

export interface PagerDutySecretRecord {
  readonly webhookName: string;
  /** The secret as the credential sealer sealed it. */
  readonly sealed: string;
  /** ISO instant. */
  readonly storedAt: string;
  /** The address of the editor who stored it. */
  readonly storedBy: string;
}

const itemSchema = z.object({
  entity: z.literal('PAGERDUTY_SECRET'),
  webhookName: z.string(),
  sealed: z.string(),
  storedAt: z.string(),
  storedBy: z.string(),
});

/** The workspace's stored secrets; an item this version cannot read is logged and left out. */
export async function listPagerDutySecrets(workspaceId: string): Promise<PagerDutySecretRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(`WS#${workspaceId}`, PAGERDUTY_SECRET_SORT_PREFIX, { consistentRead: true }),
  );
  return items.flatMap((item) => {
    const parsed = itemSchema.safeParse(item);
    if (parsed.success) {
      const { webhookName, sealed, storedAt, storedBy } = parsed.data;
      return [{ webhookName, sealed, storedAt, storedBy }];
    }
    logger.error('Malformed PagerDuty secret left out', { workspaceId });
    return [];
  });
}

export async function storePagerDutySecret(
  workspaceId: string,
  record: PagerDutySecretRecord,
): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: {
        ...keys.pagerDutySecret(workspaceId, record.webhookName),
        entity: 'PAGERDUTY_SECRET',
        ...record,
      },
    }),
  );
}

export async function deletePagerDutySecret(
  workspaceId: string,
  webhookName: string,
): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.pagerDutySecret(workspaceId, webhookName),
    }),
  );
}
