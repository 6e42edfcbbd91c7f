import { readAlertSettings } from '../../data/alert-settings-records';
import { badRequest } from '../../platform/app-error';

export const UNKNOWN_CONTACT_GROUP_MESSAGE =
  "Contact group must be one of the workspace's contact groups";

/**
 * A token's contact group must exist in its workspace's alert settings; keeping the current one
 * (even if its group was removed since) or none is always allowed.
 */
export async function requireKnownContactGroup(
  workspaceId: string,
  contactGroupId: string | null | undefined,
  current: string | null = null,
): Promise<void> {
  if (contactGroupId === undefined || contactGroupId === null || contactGroupId === current) return;
  const { contact_groups: groups } = await readAlertSettings(workspaceId);
  if (!groups.some((group) => group.id === contactGroupId)) {
    throw badRequest(UNKNOWN_CONTACT_GROUP_MESSAGE, [
      { path: 'contact_group_id', message: UNKNOWN_CONTACT_GROUP_MESSAGE },
    ]);
  }
}
