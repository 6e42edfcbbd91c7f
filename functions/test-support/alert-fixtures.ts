import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { requireAlertLocation } from '../src/data/entities/alert';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

/**
 * Makes the alert record look as records stored before the alerts-by-time index do: without its
 * `gsi2` entry.
 */
export async function removeAlertTimeIndexEntry(alertId: string): Promise<void> {
  await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: requireAlertLocation(alertId).key,
      UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
    }),
  );
}
