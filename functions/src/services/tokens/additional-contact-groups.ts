import { canSetContactGroup } from '@expiry-radar/shared/domain/permissions';
import { readAlertSettings } from '../../data/alert-settings-records';
import { AppError, badRequest } from '../../platform/app-error';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { UNKNOWN_CONTACT_GROUP_MESSAGE } from '../alerts/token-contact-group';
import { CONTACT_GROUP_PLAN_MESSAGE } from './token-access';

/**
 * A token's additional contact groups follow the rules of its contact group: only admins and
 * workspace managers of a plan with contact groups add one, and each must be one of the
 * workspace's groups. Keeping those it has (even a group removed since) or removing some is always
 * allowed.
 */
export async function requireAdditionalContactGroupsAllowed(
  access: WorkspaceAccess,
  groupIds: readonly string[] | undefined,
  current: readonly string[] = [],
): Promise<void> {
  const added = (groupIds ?? []).filter((id) => !current.includes(id));
  if (added.length === 0) return;
  if (!canSetContactGroup(access.role, access.plan)) {
    throw new AppError('FORBIDDEN', CONTACT_GROUP_PLAN_MESSAGE);
  }
  const { contact_groups: groups } = await readAlertSettings(access.workspaceId);
  if (added.some((id) => !groups.some((group) => group.id === id))) {
    throw badRequest(UNKNOWN_CONTACT_GROUP_MESSAGE, [
      { path: 'additional_contact_group_ids', message: UNKNOWN_CONTACT_GROUP_MESSAGE },
    ]);
  }
}
