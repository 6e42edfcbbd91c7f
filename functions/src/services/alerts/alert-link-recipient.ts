/**
 * Who an alert action link's recipient is now, read when the link is used: an account's current
 * membership and role in the token's workspace, or whether an address with no account still gets
 * the token's alerts (domain/alert-link-rights.ts decides what that allows).
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import { findAlertSettings } from '../../data/alert-settings-records';
import type { AlertActionActor } from '../../data/entities/alert-action';
import { findMember } from '../../data/member-records';
import { findUserById } from '../../data/user-records';
import type { WorkspaceRecord } from '../../data/workspace-store';
import { getsTokenAlerts, type LinkRecipient } from '../../domain/alert-link-rights';
import { isOpenTo } from '../workspaces/workspace-access';

export async function linkRecipientNow(
  actor: AlertActionActor,
  workspace: WorkspaceRecord,
  token: Token,
): Promise<LinkRecipient> {
  if (actor.webhook !== null) return { kind: 'webhook' };
  const user = actor.userId ? await findUserById(actor.userId) : undefined;
  if (user) {
    const member = await findMember(workspace.id, user.id);
    if (!member) return { kind: 'not_member' };
    return {
      kind: 'member',
      role: member.role,
      lacksTwoFactor: !isOpenTo(workspace, user),
      workspaceFrozen: workspace.isFrozen,
    };
  }
  const settings = await findAlertSettings(workspace.id);
  return {
    kind: 'address',
    getsAlerts:
      actor.email !== null &&
      settings !== undefined &&
      getsTokenAlerts(settings, token, workspace.plan, actor.email),
  };
}
