/**
 * Whether the recipient of an alert's action link may still take its action (pure). A link acts
 * for who it was sent to, as they are when it is used: a recipient with an account is held to the
 * rule the app applies to the same action (a member whose role may do it, in a workspace open to
 * them and not frozen); one who is not a member any more is refused. An address with no account
 * (a contact group's external address, or the address of an account deleted since) keeps the
 * actions alert emails always offered it, only while it still gets the token's alerts. A webhook's
 * links (Teams, generic, PagerDuty) are bound to the webhook, not to a person, and are unchanged.
 */
import type { AlertLinkAction } from '@expiry-radar/shared/api/alert-action-api-schemas';
import { canRenewToken, isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { WorkspaceAlertSettings } from './alert-channels';
import { escalationFor } from './alert-schedule';
import { tokenContactGroups } from './token-alert-audiences';

const READ_ONLY_ACTIONS: Record<AlertLinkAction, string> = {
  acknowledge: "acknowledge this token's alerts",
  snooze: "snooze this token's alerts",
  renewed: 'renew this token',
};

export const ALERT_LINK_RIGHTS_REFUSALS = {
  notMember: 'This link is no longer valid: you are not a member of this workspace.',
  notRecipient:
    "This link is no longer valid: this address no longer gets this token's alerts. Nothing was changed.",
  readOnly: (action: AlertLinkAction) =>
    `You can no longer ${READ_ONLY_ACTIONS[action]}: viewers have read-only access.`,
  twoFactorRequired:
    'You cannot use this link yet: this workspace requires two-factor authentication. Turn it on in your account settings, then use the link again.',
  frozen:
    'Nothing can be changed in this workspace while it is frozen: its owner can upgrade the plan or move its tokens out.',
} as const;

/**
 * What an alert email says in place of the action links it leaves out because every one of them
 * would be refused (`linkRightsRefusal`), per reason, worded for the email.
 */
export const ALERT_EMAIL_NO_ACTIONS: Readonly<Record<LinkRightsRefusalReason, string>> = {
  not_member: 'You are not a member of this workspace, so this email offers no actions.',
  not_recipient:
    "This address no longer gets these tokens' alerts, so this email offers no actions on them.",
  read_only: 'You have read-only access to this workspace, so this email offers no actions.',
  two_factor_required:
    'This workspace requires two-factor authentication, so this email offers no actions until you turn it on in your account settings.',
  frozen:
    'This workspace is frozen, so this email offers no actions: its owner can upgrade the plan or move its tokens out.',
};

/** Who a link was sent to, as they are now. */
export type LinkRecipient =
  | { readonly kind: 'webhook' }
  | {
      readonly kind: 'member';
      readonly role: Role;
      /** The workspace requires two-factor authentication, which the account lacks. */
      readonly lacksTwoFactor: boolean;
      readonly workspaceFrozen: boolean;
    }
  /** An account that is not a member of the workspace (never, or not any more). */
  | { readonly kind: 'not_member' }
  /** An address with no account. */
  | { readonly kind: 'address'; readonly getsAlerts: boolean };

export type LinkRightsRefusalReason =
  'not_member' | 'not_recipient' | 'read_only' | 'two_factor_required' | 'frozen';

export interface LinkRightsRefusal {
  readonly reason: LinkRightsRefusalReason;
  readonly message: string;
}

/**
 * The role an action needs in the app: acknowledging and snoozing are the token's alert action
 * (`PUT /api/tokens/{id}/alert-action`, editors), renewing is a token edit.
 */
const MAY_TAKE: Record<AlertLinkAction, (role: Role) => boolean> = {
  acknowledge: isEditorRole,
  snooze: isEditorRole,
  renewed: canRenewToken,
};

/** Why the recipient may not take the link's action now; null when they may. */
export function linkRightsRefusal(
  recipient: LinkRecipient,
  action: AlertLinkAction,
): LinkRightsRefusal | null {
  const refuse = (reason: LinkRightsRefusalReason, message: string) => ({ reason, message });
  switch (recipient.kind) {
    case 'webhook':
      return null;
    case 'not_member':
      return refuse('not_member', ALERT_LINK_RIGHTS_REFUSALS.notMember);
    case 'address':
      return recipient.getsAlerts
        ? null
        : refuse('not_recipient', ALERT_LINK_RIGHTS_REFUSALS.notRecipient);
    case 'member':
      if (recipient.lacksTwoFactor) {
        return refuse('two_factor_required', ALERT_LINK_RIGHTS_REFUSALS.twoFactorRequired);
      }
      if (!MAY_TAKE[action](recipient.role)) {
        return refuse('read_only', ALERT_LINK_RIGHTS_REFUSALS.readOnly(action));
      }
      return recipient.workspaceFrozen ? refuse('frozen', ALERT_LINK_RIGHTS_REFUSALS.frozen) : null;
  }
}

/**
 * Whether an address still gets the token's alerts as a contact group's: it is in one of the
 * token's contact groups or in the group its escalation goes to (lower-cased comparison).
 */
export function getsTokenAlerts(
  settings: Pick<WorkspaceAlertSettings, 'contact_groups' | 'default_contact_group_id'>,
  token: Pick<Token, 'contact_group_id' | 'additional_contact_group_ids'>,
  plan: Plan,
  address: string,
): boolean {
  const escalation = escalationFor(settings, token.contact_group_id ?? null, plan);
  const groups = [
    ...tokenContactGroups(settings, token, plan),
    ...(escalation ? [escalation.to] : []),
  ];
  const wanted = address.toLowerCase();
  return groups.some((group) => group.emails.some((email) => email.toLowerCase() === wanted));
}
