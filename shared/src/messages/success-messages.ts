/** The texts of the success toasts. */

export const SUCCESS_MESSAGES = {
  bouncedAddressRemoved: 'Address taken off the suppression list: it gets alert emails again',
  loggedOut: 'Successfully logged out',
  accountUpdated: 'Account updated successfully',
  accountDeleted: 'Account deleted successfully',
  passwordChanged: 'Password changed',
  /** With "Sign out everywhere and revoke API keys" ticked. */
  passwordChangedEverywhere: 'Password changed: signed out everywhere else and API keys revoked',
  emailChangeCancelled: 'Email change cancelled',
  tokenCreated: 'Token created successfully',
  tokenUpdated: 'Token updated successfully',
  /** The Renew dialog's save (an edit says tokenUpdated). */
  tokenRenewed: 'Token renewed successfully',
  tokenDeleted: 'Token deleted successfully',
  webhookTestSent: 'Webhook test message sent successfully',
  retryQueued: 'Retry queued',
  workspaceCreated: 'Workspace created',
  workspaceRenamed: 'Workspace renamed',
  workspaceDeleted: 'Workspace deleted',
  ownershipTransferred: 'Ownership transferred',
  memberInvited: 'Member invited',
  roleUpdated: 'Role updated',
  memberRemoved: 'Member removed',
  tokensTransferred: 'Tokens transferred',
  /** The invitee's answers to an invitation. */
  invitationAccepted: 'Invitation accepted',
  invitationDeclined: 'Invitation declined',
  /** The alert preferences page's save. */
  alertSettingsSaved: 'Alert settings saved',
  /** A workspace's trusted certificate authorities. */
  trustedCaAdded: 'Certificate authority added: its endpoints are trusted from their next check',
  trustedCaRemoved: 'Certificate authority removed',
  watchedDomainAdded: 'Domain watched: its new certificates are read within the hour',
  watchedDomainUpdated: 'Watched domain changed',
  watchedDomainRemoved: 'Domain no longer watched',
  ctApiKeySaved: 'Cert Spotter API key saved',
  ctApiKeyRemoved: 'Cert Spotter API key removed',
  certificateAddedToInventory: 'Certificate added to the inventory, its endpoint monitored',
} as const;

export { emailChangedMessage, emailChangeRequestedMessage } from './email-change-messages';

/** "Requeued 3 alerts". */
export function requeuedAlertsMessage(count: number): string {
  return `Requeued ${count} alerts`;
}

/** "Plan upgraded to pro" (pass `PLAN_LABELS[plan]` for "Plan upgraded to Pro"). */
export function planUpgradedMessage(plan: string): string {
  return `Plan upgraded to ${plan}`;
}
