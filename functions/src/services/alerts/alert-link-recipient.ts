/**
 * Who an alert action link's recipient is now: an account's current membership and role in the
 * token's workspace, or whether an address with no account still gets the token's alerts
 * (domain/alert-link-rights.ts decides what that allows). Read when the link is used
 * (`linkRecipientNow`), and when an alert email is built, from what its digest read of the
 * address (`linkRecipientFrom`), so that the email offers only the links that would be taken.
 */
import type { Role } from '@expiry-radar/shared/domain/roles';
import type { Token } from '@expiry-radar/shared/domain/token';
import { findAlertSettings } from '../../data/alert-settings-records';
import type { AlertActionActor } from '../../data/entities/alert-action';
import { findMember } from '../../data/member-records';
import { findUserById } from '../../data/user-records';
import type { WorkspaceRecord } from '../../data/workspace-store';
import { getsTokenAlerts, type LinkRecipient } from '../../domain/alert-link-rights';
import { isOpenTo } from '../workspaces/workspace-access';

/** The account holding a recipient's address, and its role in the workspace (none: not a member). */
export interface RecipientAccountNow {
  readonly id: string;
  readonly twoFactorEnabled: boolean;
  readonly role: Role | undefined;
}

/**
 * The recipient as they are now, from their account (undefined: no account holds the address) or,
 * for an address with no account, whether it still gets the token's alerts (asked only then).
 */
export function linkRecipientFrom(
  account: RecipientAccountNow | undefined,
  workspace: Pick<WorkspaceRecord, 'plan' | 'requireTwoFactor' | 'isFrozen'>,
  getsAlerts: () => boolean,
): LinkRecipient {
  if (!account) return { kind: 'address', getsAlerts: getsAlerts() };
  if (account.role === undefined) return { kind: 'not_member' };
  return {
    kind: 'member',
    role: account.role,
    lacksTwoFactor: !isOpenTo(workspace, account),
    workspaceFrozen: workspace.isFrozen,
  };
}

export async function linkRecipientNow(
  actor: AlertActionActor,
  workspace: WorkspaceRecord,
  token: Token,
): Promise<LinkRecipient> {
  if (actor.webhook !== null) return { kind: 'webhook' };
  const user = actor.userId ? await findUserById(actor.userId) : undefined;
  if (user) {
    const member = await findMember(workspace.id, user.id);
    const account = { id: user.id, twoFactorEnabled: user.twoFactorEnabled, role: member?.role };
    return linkRecipientFrom(account, workspace, () => false);
  }
  const settings = await findAlertSettings(workspace.id);
  return linkRecipientFrom(
    undefined,
    workspace,
    () =>
      actor.email !== null &&
      settings !== undefined &&
      getsTokenAlerts(settings, token, workspace.plan, actor.email),
  );
}
