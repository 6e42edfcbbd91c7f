/**
 * Taking a workspace's contact address off the suppression list once it is fixed (the mailbox
 * exists again, the person asked for the alerts back). Only an address the workspace sends to (a
 * contact group's, or its admin's) can be taken off by its admins and managers: the list is
 * shared by every workspace, and no workspace decides for another's addresses.
 */
import {
  readAlertSettingsRecord,
  type AlertSettingsRecord,
} from '../../data/alert-settings-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { removeEmailSuppression } from '../../data/email-suppressions';
import { findUserById } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';

export const BOUNCED_ADDRESS_MESSAGES = {
  notSuppressed: 'That address is not on the suppression list of this workspace’s contacts.',
} as const;

export async function removeBouncedAddress(input: {
  readonly access: WorkspaceAccess;
  readonly actor: Parameters<typeof recordWorkspaceEvent>[0]['actor'];
  readonly address: string;
  readonly now: Date;
}): Promise<AlertSettingsRecord> {
  const { access, actor, now } = input;
  const address = input.address.toLowerCase();
  const record = await readAlertSettingsRecord(access.workspaceId);
  const admin = await findUserById(access.ownerId);
  const contacts = new Set(
    [
      ...record.settings.contact_groups.flatMap((group) => group.emails),
      ...(admin ? [admin.email] : []),
    ].map((email) => email.toLowerCase()),
  );
  if (!contacts.has(address) || !(await removeEmailSuppression(address))) {
    throw new AppError('NOT_FOUND', BOUNCED_ADDRESS_MESSAGES.notSuppressed);
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.bouncedAddressRemoved,
    target: { type: 'workspace', id: access.workspaceId, name: access.name },
    metadata: { address },
    now,
  });
  return record;
}
