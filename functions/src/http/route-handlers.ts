/**
 * Which routes of the shared route table are implemented, and where: the path of each handler
 * module relative to this folder, `<area>/<action>.ts`. Every module exports `handler`. The CDK
 * app makes one Lambda function per entry, deployed by the stack of its area (its folder); the
 * local server mounts the same modules.
 */
import type { RouteId } from '@expiry-radar/shared/api/route-table';

export const routeHandlerFiles: Partial<Record<RouteId, string>> = {
  getSession: 'session/get-session.ts',
  getCsrfToken: 'session/get-csrf-token.ts',
  getHealth: 'health/get-health.ts',
  login: 'auth/login.ts',
  register: 'auth/register.ts',
  logout: 'auth/logout.ts',
  updateAccount: 'auth/update-account.ts',
  deleteAccount: 'auth/delete-account.ts',
  verifyEmail: 'auth/verify-email.ts',
  resendVerification: 'auth/resend-verification.ts',
  requestPasswordReset: 'auth/request-password-reset.ts',
  resetPassword: 'auth/reset-password.ts',
  googleSignIn: 'auth/google-sign-in.ts',
  googleCallback: 'auth/google-callback.ts',
  // Two-factor authentication: the sign-in's second step, enrolment, recovery codes
  verifyTwoFactorSignIn: 'two-factor/verify-sign-in.ts',
  getTwoFactorStatus: 'two-factor/get-status.ts',
  startTwoFactorEnrolment: 'two-factor/start-enrolment.ts',
  confirmTwoFactorEnrolment: 'two-factor/confirm-enrolment.ts',
  regenerateRecoveryCodes: 'two-factor/regenerate-recovery-codes.ts',
  disableTwoFactor: 'two-factor/disable.ts',
  // Workspaces, members, plan and audit
  listWorkspaces: 'workspaces/list-workspaces.ts',
  createWorkspace: 'workspaces/create-workspace.ts',
  getWorkspace: 'workspaces/get-workspace.ts',
  renameWorkspace: 'workspaces/rename-workspace.ts',
  deleteWorkspace: 'workspaces/delete-workspace.ts',
  listMembers: 'workspaces/list-members.ts',
  addMember: 'workspaces/add-member.ts',
  updateMember: 'workspaces/update-member.ts',
  removeMember: 'workspaces/remove-member.ts',
  setWorkspaceTwoFactorRequirement: 'workspaces/set-two-factor-requirement.ts',
  getInvitationPreview: 'invitations/get-invitation-preview.ts',
  listInvitations: 'invitations/list-invitations.ts',
  acceptInvitation: 'invitations/accept-invitation.ts',
  declineInvitation: 'invitations/decline-invitation.ts',
  getPlan: 'account/get-plan.ts',
  getWeeklySummary: 'account/get-weekly-summary.ts',
  updateWeeklySummary: 'account/update-weekly-summary.ts',
  // Billing: prices, plan changes (local billing mode or Stripe) and Stripe's webhook
  getPlanPrices: 'billing/get-plan-prices.ts',
  upgradePlan: 'billing/upgrade-plan.ts',
  confirmBilling: 'billing/confirm-billing.ts',
  openBillingPortal: 'billing/open-billing-portal.ts',
  stripeWebhook: 'billing/stripe-webhook.ts',
  listAuditEvents: 'audit/list-audit-events.ts',
  listWorkspaceAuditEvents: 'audit/list-workspace-audit-events.ts',
  exportAudit: 'audit/export-audit.ts',
  listTokens: 'tokens/list-tokens.ts',
  createToken: 'tokens/create-token.ts',
  updateToken: 'tokens/update-token.ts',
  deleteToken: 'tokens/delete-token.ts',
  transferTokens: 'tokens/transfer-tokens.ts',
  exportTokens: 'tokens/export-tokens.ts',
  importTokens: 'tokens/import-tokens.ts',
  parseCertificate: 'certificates/parse-certificate.ts',
  // Alert settings and the webhook test
  getAlertSettings: 'alerts/get-alert-settings.ts',
  putAlertSettings: 'alerts/put-alert-settings.ts',
  testWebhook: 'alerts/test-webhook.ts',
  // Alert queue, statistics and usage
  listAlertQueue: 'alert-queue/list-alert-queue.ts',
  requeueAlerts: 'alert-queue/requeue-alerts.ts',
  retryAlert: 'alert-queue/retry-alert.ts',
  unsubscribeAlertEmails: 'alert-emails/unsubscribe.ts',
  getAlertStats: 'alert-queue/get-alert-stats.ts',
  getOrganizationUsage: 'organization/get-organization-usage.ts',
  // Discovery integrations
  listIntegrations: 'integrations/list-integrations.ts',
  createIntegration: 'integrations/create-integration.ts',
  updateIntegration: 'integrations/update-integration.ts',
  deleteIntegration: 'integrations/delete-integration.ts',
  syncIntegration: 'integrations/sync-integration.ts',
  previewIntegrationSync: 'integrations/preview-integration-sync.ts',
};
