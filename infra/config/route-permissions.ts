/**
 * What each route's function may do, beyond writing its own logs and reading the origin secret
 * (every route: the HTTP pipeline checks CloudFront's header). Every route has its entry (the
 * type requires one, so a new route says what it needs): reads only where the route and the
 * session lookup only read, the table's writes where it writes, and the rest (send email, send
 * to a queue, read a key) only where it does so. The rehearsal checks each against what the
 * function did (test/rehearsal).
 */
import { findRoute, type RouteId } from '@expiry-radar/shared/api/route-table';
import type { Permission } from './permissions';

/** Every route function reads the origin secret (see functions' origin-verify middleware). */
export const HTTP_ROUTE_BASE_PERMISSIONS: readonly Permission[] = ['originSecretRead'];

/** Reads and writes of the table's items and indexes, and nothing else. */
const TABLE_READ_WRITE: readonly Permission[] = ['tableRead', 'tableWrite'];

// The routes that build links on the app's origin (emails, Google's callback, Stripe's return
// addresses) read it from the web stack's parameter (functions/src/adapters/app-origin.ts).
export const routePermissions: Readonly<Record<RouteId, readonly Permission[]>> = {
  // The session lookup reads (middleware/session-auth.ts) and these answer from what it read.
  getSession: ['tableRead'],
  getCsrfToken: ['tableRead'],
  getWeeklySummary: ['tableRead'],
  getAlertStats: ['tableRead'],
  // What deleting the account would do: owned workspaces, their members and heirs' accounts.
  getAccountDeletionPreview: ['tableRead'],
  // Sign-in, sign-out and the account: sessions, rate-limit counters, the account's items.
  login: TABLE_READ_WRITE,
  logout: TABLE_READ_WRITE,
  deleteAccount: TABLE_READ_WRITE,
  verifyEmail: TABLE_READ_WRITE,
  resetPassword: TABLE_READ_WRITE,
  updateWeeklySummary: TABLE_READ_WRITE,
  createApiKey: TABLE_READ_WRITE,
  revokeApiKey: TABLE_READ_WRITE,
  // The usage read counts the caller's requests against its rate limit.
  getOrganizationUsage: TABLE_READ_WRITE,
  // The preview of an invitation counts lookups per client address.
  getInvitationPreview: TABLE_READ_WRITE,
  // A registration's status reads its watch and account, and counts checks per client address.
  getRegistrationStatus: TABLE_READ_WRITE,
  // Tokens, workspaces and members: their items, counters, search deltas and audit events.
  createToken: TABLE_READ_WRITE,
  updateToken: TABLE_READ_WRITE,
  deleteToken: TABLE_READ_WRITE,
  importTokens: TABLE_READ_WRITE,
  reportScan: TABLE_READ_WRITE,
  transferTokens: TABLE_READ_WRITE,
  createWorkspace: TABLE_READ_WRITE,
  renameWorkspace: TABLE_READ_WRITE,
  deleteWorkspace: TABLE_READ_WRITE,
  updateMember: TABLE_READ_WRITE,
  removeMember: TABLE_READ_WRITE,
  setWorkspaceTwoFactorRequirement: TABLE_READ_WRITE,
  putAlertSettings: TABLE_READ_WRITE,
  removeBouncedAddress: TABLE_READ_WRITE,
  getHealth: ['tableDescribe', 'queuesGetAttributes'],
  register: ['tableRead', 'tableWrite', 'emailSend', 'appOriginRead'],
  resendVerification: ['tableRead', 'tableWrite', 'emailSend', 'appOriginRead'],
  requestPasswordReset: ['tableRead', 'tableWrite', 'emailSend', 'appOriginRead'],
  updateAccount: ['tableRead', 'tableWrite', 'emailSend', 'appOriginRead'],
  googleSignIn: ['tableRead', 'tableWrite', 'secretParameterRead', 'appOriginRead'],
  googleCallback: ['tableRead', 'tableWrite', 'secretParameterRead', 'appOriginRead'],
  // Billing: plan changes write the user, workspaces, audit and alert arming; Stripe's secrets;
  // Checkout and the portal return to the app's origin.
  upgradePlan: ['tableRead', 'tableWrite', 'billingSecretParameterRead', 'appOriginRead'],
  confirmBilling: ['tableRead', 'tableWrite', 'billingSecretParameterRead'],
  openBillingPortal: ['tableRead', 'billingSecretParameterRead', 'appOriginRead'],
  stripeWebhook: ['tableRead', 'tableWrite', 'billingSecretParameterRead'],
  // Reads only: the session lookup and the items they answer.
  listWorkspaces: ['tableRead'],
  getWorkspace: ['tableRead'],
  listMembers: ['tableRead'],
  getPlan: ['tableRead'],
  listApiKeys: ['tableRead'],
  getPlanPrices: ['tableRead'],
  listAuditEvents: ['tableRead'],
  listWorkspaceAuditEvents: ['tableRead'],
  exportAudit: ['tableRead'],
  // Invites addresses by email (and counts invitations against the rate limits).
  addMember: ['tableRead', 'tableWrite', 'emailSend', 'appOriginRead'],
  // The invitee's side: a read, and writes that join (or decline) without any email.
  listInvitations: ['tableRead'],
  acceptInvitation: ['tableRead', 'tableWrite'],
  declineInvitation: ['tableRead', 'tableWrite'],
  // A search writes too: the first one of a workspace builds its search index, and a search that
  // read many deltas folds them (data/search-index.ts).
  listTokens: ['tableRead', 'tableWrite'],
  exportTokens: ['tableRead'],
  // Reads the workspace's tokens and renders them in memory.
  getTokenMetrics: ['tableRead'],
  // The feed's key is derived from the alert link key; the feed and its URL read only, the
  // rotation adds 1 to the feed's counter and writes an audit event.
  getCalendarFeed: ['tableRead', 'alertLinkKeyRead'],
  getCalendarFeedLink: ['tableRead', 'alertLinkKeyRead'],
  rotateCalendarFeed: ['tableRead', 'tableWrite', 'alertLinkKeyRead'],
  // Builds the description from the route table in memory: reads nothing.
  getOpenApiDocument: [],
  // Reads the session only; the certificates are read in memory and nothing is written.
  parseCertificate: ['tableRead'],
  // Writes only the rate-limit counter and reads the workspace's trusted certificate
  // authorities; the endpoint itself is an outbound TLS connection.
  probeEndpoint: ['tableRead', 'tableWrite'],
  // The list reads the certificate authorities and their adders' accounts; adding and removing
  // write the item, the workspace's count and the audit event.
  listTrustedCertificateAuthorities: ['tableRead'],
  addTrustedCertificateAuthority: TABLE_READ_WRITE,
  createDomainRegistrations: TABLE_READ_WRITE,
  removeTrustedCertificateAuthority: TABLE_READ_WRITE,
  // The certificate transparency watch: the list reads the watched domains, the certificates
  // seen and whether a key is stored; the writes change one item, the workspace's count and the
  // audit event; "Add to inventory" creates a token; the key is sealed (GenerateDataKey).
  listWatchedDomains: ['tableRead'],
  addWatchedDomain: TABLE_READ_WRITE,
  updateWatchedDomain: TABLE_READ_WRITE,
  removeWatchedDomain: TABLE_READ_WRITE,
  addCertificateToInventory: TABLE_READ_WRITE,
  setCertificateTransparencyKey: ['tableRead', 'tableWrite', 'integrationCredentialsSeal'],
  listAlertQueue: ['tableRead'],
  requeueAlerts: ['tableRead', 'tableWrite', 'alertQueueSend', 'deadLetterQueueRedrive'],
  retryAlert: ['tableRead', 'tableWrite', 'alertQueueSend'],
  unsubscribeAlertEmails: ['tableRead', 'tableWrite', 'alertLinkKeyRead'],
  // A read that writes: the settings item and its signing secret are created on first read.
  getAlertSettings: ['tableRead', 'tableWrite'],
  // Writes only the rate-limit counter; the webhook itself is an outbound HTTPS call.
  testWebhook: ['tableRead', 'tableWrite'],
  // Two-factor: the routes that seal or open a TOTP secret read its key; the status reads only.
  getTwoFactorStatus: ['tableRead'],
  // Turning two-factor on or off and signing in with a recovery code email the account's owner.
  verifyTwoFactorSignIn: [
    'tableRead',
    'tableWrite',
    'twoFactorKeyRead',
    'emailSend',
    'appOriginRead',
  ],
  startTwoFactorEnrolment: ['tableRead', 'tableWrite', 'twoFactorKeyRead'],
  confirmTwoFactorEnrolment: [
    'tableRead',
    'tableWrite',
    'twoFactorKeyRead',
    'emailSend',
    'appOriginRead',
  ],
  regenerateRecoveryCodes: ['tableRead', 'tableWrite', 'twoFactorKeyRead'],
  disableTwoFactor: ['tableRead', 'tableWrite', 'twoFactorKeyRead', 'emailSend', 'appOriginRead'],
  // Integrations: the routes that store credentials seal them under the KMS key; the list reads.
  listIntegrations: ['tableRead'],
  createIntegration: ['tableRead', 'tableWrite', 'integrationCredentialsSeal'],
  updateIntegration: ['tableRead', 'tableWrite', 'integrationCredentialsSeal'],
  deleteIntegration: ['tableRead', 'tableWrite'],
  // A sync opens the credentials (Decrypt) and writes tokens; its preview only reads. Both assume
  // the customer's role for an AWS integration.
  syncIntegration: ['tableRead', 'tableWrite', 'integrationCredentialsSeal', 'discoveryRoleAssume'],
  previewIntegrationSync: ['tableRead', 'integrationCredentialsSeal', 'discoveryRoleAssume'],
  linkIntegrationToken: ['tableRead', 'tableWrite'],
};

/**
 * A route that takes API keys writes even when it only reads: the key's rate-limit counter and
 * its last use (functions' api-key-authentication).
 */
const API_KEY_ROUTE_PERMISSIONS: readonly Permission[] = ['tableRead', 'tableWrite'];

export function permissionsFor(routeId: RouteId): readonly Permission[] {
  const own = routePermissions[routeId];
  const forKeys = findRoute(routeId).apiKey === undefined ? [] : API_KEY_ROUTE_PERMISSIONS;
  return [...new Set([...HTTP_ROUTE_BASE_PERMISSIONS, ...own, ...forKeys])];
}
