/** Alert settings written straight to the table through their codec. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  readAlertSettingsRecord,
  type AlertSettingsChanges,
} from '../src/data/alert-settings-records';
import { alertSettingsCodec } from '../src/data/entities/alert-settings';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

/**
 * Replaces a workspace's alert settings (what is not given stays as it is: the defaults on a new
 * workspace) and bumps their revision, as a save would.
 */
export async function givenAlertSettings(
  workspaceId: string,
  changes: Partial<AlertSettingsChanges>,
): Promise<void> {
  const current = await readAlertSettingsRecord(workspaceId);
  const item = alertSettingsCodec.toItem({
    settings: { ...current.settings, ...changes },
    revision: current.revision + 1,
    updatedAt: new Date().toISOString(),
  });
  await getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));
}

/** Contact groups with these ids (one address each), for tokens to refer to. */
export function givenContactGroups(workspaceId: string, ids: readonly string[]): Promise<void> {
  return givenAlertSettings(workspaceId, {
    contact_groups: ids.map((id) => ({
      id,
      name: `Group ${id}`,
      emails: [`${id}@example.com`],
      webhook_names: [],
    })),
  });
}
