/** Alert settings written straight through the records module. */
import {
  readAlertSettingsRecord,
  writeAlertSettings,
  type AlertSettingsChanges,
} from '../src/data/alert-settings-records';

/** Replaces a workspace's alert settings (defaults for what is not given). */
export async function givenAlertSettings(
  workspaceId: string,
  changes: Partial<AlertSettingsChanges>,
): Promise<void> {
  const current = await readAlertSettingsRecord(workspaceId);
  const { workspaceId: _id, signing_secret: _secret, ...configured } = current.settings;
  const result = await writeAlertSettings({
    workspaceId,
    changes: { ...configured, ...changes },
    expectedRevision: current.revision,
    now: new Date(),
  });
  if (!result.ok) throw new Error(`Could not write alert settings: ${result.reason}`);
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
