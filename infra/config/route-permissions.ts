/**
 * What each route's function may do, beyond writing its own logs and reading the origin secret
 * (every route: the HTTP pipeline checks CloudFront's header). Every route has its entry (the
 * type requires one, so a new route says what it needs): reads only where the route and the
 * session lookup only read, the table's writes where it writes, and the rest (send email, send
 * to a queue, read a key) only where it does so. A route whose only updates are rate-limit
 * counters has `rateLimitWrite` (their `RATE#` items), not the table-wide UpdateItem, which the api
 * stack's test allows only the routes it lists as updating other items. The rehearsal checks each
 * against what the function did (test/rehearsal).
 */
import { findRoute, type RouteId } from '@expiry-radar/shared/api/route-table';
import type { Permission } from './permissions';

/** Every route function reads the origin secret (see functions' origin-verify middleware). */
export const HTTP_ROUTE_BASE_PERMISSIONS: readonly Permission[] = ['originSecretRead'];

// The routes that build links on the app's origin (emails, Google's callback, Stripe's return
// addresses) read it from the web stack's parameter (functions/src/adapters/app-origin.ts).
/** Every action on the table's items, and queries of the alternate-key index. */
const EVERY_TABLE_ACTION: readonly Permission[] = [
  'table:GetItem',
  'table:BatchGetItem',
  'table:Query',
  'index:byAlternateKey',
  'table:PutItem',
  'table:UpdateItem',
  'table:DeleteItem',
  'table:BatchWriteItem',
  'table:ConditionCheckItem',
];
/**
 * What a SCIM change of workspace access does: group and membership items, the owner's workspaces
 * (their index), workspace admissions (a transaction with the workspace's guard), member removals
 * with their tokens handed on (token edits), sessions ended (their index, a batch delete) and API
 * keys deleted, audit events.
 */
const SCIM_ACCESS_WRITES = EVERY_TABLE_ACTION;
/** A SCIM request: its token's and owner's reads, a wrong token's rate limits and audit event. */
const SCIM_REQUEST: readonly Permission[] = [
  'table:GetItem',
  'table:PutItem',
  'rateLimitWrite',
  'appOriginRead',
];

/**
 * Deleting an account (services/accounts/account-deletion.ts): its owned workspaces handed on in a
 * transaction with the heir's guard, or deleted with their data, heirs and members emailed; its
 * memberships, sessions and own items deleted, its audit events anonymised. Also what a sign-in
 * does when it replaces an account whose address was never verified (Google, SSO, SCIM).
 */
const ACCOUNT_DELETION: readonly Permission[] = [
  ...EVERY_TABLE_ACTION,
  'emailSend',
  'appOriginRead',
];

export const routePermissions: Readonly<Record<RouteId, readonly Permission[]>> = {
  // The session lookup reads (middleware/session-auth.ts) and these answer from what it read.
  getSession: ['table:BatchGetItem'],
  getCsrfToken: ['table:BatchGetItem'],
  getWeeklySummary: ['table:GetItem', 'table:BatchGetItem'],
  getAlertStats: ['table:BatchGetItem', 'index:byAlternateKey'],
  // What deleting the account would do: owned workspaces, their members and heirs' accounts.
  getAccountDeletionPreview: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
  ],
  // Sign-in, sign-out and the account: sessions, rate-limit counters, the account's items.
  login: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'rateLimitWrite',
    'table:DeleteItem',
  ],
  logout: ['table:BatchGetItem', 'table:PutItem', 'table:DeleteItem'],
  // The caller's sessions (their index); signing one out deletes it and records the event.
  listSessions: ['table:BatchGetItem', 'index:byAlternateKey'],
  revokeSession: [
    'table:BatchGetItem',
    'index:byAlternateKey',
    'table:DeleteItem',
    'table:PutItem',
  ],
  // Handing a workspace on, or deleting it, emails its heir or members (links on the app's origin).
  deleteAccount: ACCOUNT_DELETION,
  verifyEmail: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  // The new password, every session and API key ended, and the owner told by email.
  resetPassword: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'emailSend',
    'appOriginRead',
  ],
  updateWeeklySummary: ['table:GetItem', 'table:BatchGetItem', 'table:PutItem'],
  createApiKey: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:ConditionCheckItem',
  ],
  revokeApiKey: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  // The usage read counts the caller's requests against its rate limit.
  getOrganizationUsage: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:ConditionCheckItem',
  ],
  // Enterprise sign-in of the caller's organization: its domains, their claims, its connection.
  getOrganizationSignIn: ['table:GetItem', 'table:BatchGetItem', 'table:Query'],
  addOrganizationDomain: ['table:GetItem', 'table:BatchGetItem', 'table:Query', 'table:PutItem'],
  verifyOrganizationDomain: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
  ],
  removeOrganizationDomain: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:DeleteItem',
  ],
  saveSsoConnection: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'integrationCredentialsSeal',
    'integrationCredentialsOpen',
  ],
  // SCIM on the organization page: the token's item, the groups, their members' workspaces.
  getScimSettings: ['table:GetItem', 'table:BatchGetItem', 'table:Query'],
  createScimToken: ['table:GetItem', 'table:BatchGetItem', 'table:Query', 'table:PutItem'],
  revokeScimToken: ['table:GetItem', 'table:BatchGetItem', 'table:PutItem', 'table:DeleteItem'],
  mapScimGroup: SCIM_ACCESS_WRITES,
  // SCIM for identity providers: the token's and owner's reads and the app origin (resources'
  // locations) on every route; the writers change accounts, memberships and audit trails.
  scimServiceProviderConfig: SCIM_REQUEST,
  scimResourceTypes: SCIM_REQUEST,
  scimSchemas: SCIM_REQUEST,
  scimListUsers: [...SCIM_REQUEST, 'table:Query'],
  scimGetUser: SCIM_REQUEST,
  scimListGroups: [...SCIM_REQUEST, 'table:Query'],
  scimGetGroup: [...SCIM_REQUEST, 'table:Query'],
  // The account made (or one never verified replaced), then the default workspace's admission.
  scimCreateUser: ACCOUNT_DELETION,
  scimReplaceUser: [...SCIM_ACCESS_WRITES, 'appOriginRead'],
  scimPatchUser: [...SCIM_ACCESS_WRITES, 'appOriginRead'],
  scimDeleteUser: [...SCIM_ACCESS_WRITES, 'appOriginRead'],
  // A new group is mapped to nothing yet: its members' access does not change.
  scimCreateGroup: [...SCIM_REQUEST, 'table:Query'],
  scimReplaceGroup: [...SCIM_ACCESS_WRITES, 'appOriginRead'],
  scimPatchGroup: [...SCIM_ACCESS_WRITES, 'appOriginRead'],
  scimDeleteGroup: [...SCIM_ACCESS_WRITES, 'appOriginRead'],
  // The refusals of /scim/ on its own and of a path under it that no SCIM route takes read nothing.
  scimBasePath: [],
  scimUnknownPath: [],
  // The preview of an invitation counts lookups per client address.
  getInvitationPreview: ['table:BatchGetItem', 'index:byAlternateKey', 'rateLimitWrite'],
  // A registration's status reads its watch and account, and counts checks per client address.
  getRegistrationStatus: ['table:BatchGetItem', 'rateLimitWrite'],
  // Tokens, workspaces and members: their items, counters, search deltas and audit events. A
  // certificate's endpoints never checked are sent to the endpoint check queue at once, their
  // schedule moved on (services/endpoints/saved-endpoint-checks.ts).
  createToken: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
    'endpointCheckQueueSend',
  ],
  updateToken: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
    'endpointCheckQueueSend',
  ],
  deleteToken: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  importTokens: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
  ],
  reportScan: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
  ],
  // Moved certificates' endpoints never checked are checked at once, as createToken's are: the
  // target's endpoint schedules (its plan's limit) and the endpoint check queue.
  transferTokens: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:ConditionCheckItem',
    'endpointCheckQueueSend',
  ],
  createWorkspace: [
    'table:GetItem',
    'table:BatchGetItem',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
  ],
  renameWorkspace: [
    'table:GetItem',
    'table:BatchGetItem',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  deleteWorkspace: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
  ],
  // A handover as account deletion's (services/workspaces/ownership-transfer.ts): the new owner's
  // plan and owned workspaces read, one transaction, names, plans settled, the new owner emailed.
  transferWorkspaceOwnership: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:ConditionCheckItem',
    'emailSend',
    'appOriginRead',
  ],
  updateMember: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
  ],
  // With the tokens the member owned handed on (a token edit each).
  removeMember: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
  ],
  setWorkspaceTwoFactorRequirement: ['table:BatchGetItem', 'table:PutItem', 'table:UpdateItem'],
  putAlertSettings: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
  ],
  removeBouncedAddress: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:DeleteItem',
  ],
  getHealth: ['table:BatchGetItem', 'tableDescribe', 'queuesGetAttributes'],
  register: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'rateLimitWrite',
    'emailSend',
    'appOriginRead',
  ],
  resendVerification: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'rateLimitWrite',
    'emailSend',
    'appOriginRead',
  ],
  requestPasswordReset: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'rateLimitWrite',
    'emailSend',
    'appOriginRead',
  ],
  updateAccount: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'emailSend',
    'appOriginRead',
  ],
  googleSignIn: ['table:BatchGetItem', 'table:PutItem', 'googleClientSecretRead', 'appOriginRead'],
  // SSO: the address's domain claim, its connection and owner; the pending sign-in; the client
  // secret opened; the callback signs in or creates the account (as Google's does).
  ssoLookup: ['table:GetItem', 'table:BatchGetItem'],
  ssoSignIn: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'integrationCredentialsOpen',
    'appOriginRead',
  ],
  ssoCallback: [...ACCOUNT_DELETION, 'integrationCredentialsOpen'],
  // SAML: our metadata names our URLs; the assertion consumer service reads the request it
  // answers and the connection, remembers the assertion, then signs in or creates the account.
  samlMetadata: ['table:BatchGetItem', 'appOriginRead'],
  samlAcs: ACCOUNT_DELETION,
  googleCallback: [...ACCOUNT_DELETION, 'googleClientSecretRead'],
  // Billing: plan changes (the return from Checkout, the webhook) write the user, workspaces,
  // audit and alert arming; Stripe's secret key for its API, its webhook signing secret for the
  // webhook; Checkout and the portal return to the app's origin. An upgrade only reads who pays
  // and starts a Checkout session: a deployment has no local billing mode that changes plans.
  upgradePlan: ['table:GetItem', 'table:BatchGetItem', 'stripeSecretKeyRead', 'appOriginRead'],
  confirmBilling: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
    'stripeSecretKeyRead',
  ],
  openBillingPortal: [
    'table:GetItem',
    'table:BatchGetItem',
    'stripeSecretKeyRead',
    'appOriginRead',
  ],
  stripeWebhook: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
    'stripeWebhookSecretRead',
  ],
  // Reads only: the session lookup and the items they answer.
  listWorkspaces: ['table:GetItem', 'table:BatchGetItem', 'table:Query', 'index:byAlternateKey'],
  getWorkspace: ['table:GetItem', 'table:BatchGetItem'],
  listMembers: ['table:BatchGetItem', 'table:Query'],
  getPlan: ['table:BatchGetItem', 'table:Query', 'index:byAlternateKey'],
  listApiKeys: ['table:BatchGetItem', 'table:Query'],
  getPlanPrices: ['table:BatchGetItem'],
  listAuditEvents: ['table:BatchGetItem', 'table:Query', 'index:byAlternateKey'],
  listWorkspaceAuditEvents: ['table:BatchGetItem', 'table:Query'],
  exportAudit: ['table:BatchGetItem', 'table:Query', 'index:byAlternateKey'],
  // Invites addresses by email (and counts invitations against the rate limits).
  addMember: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'emailSend',
    'appOriginRead',
  ],
  // The invitee's side: a read, and writes that join (or decline) without any email.
  listInvitations: ['table:BatchGetItem', 'index:byAlternateKey'],
  acceptInvitation: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:ConditionCheckItem',
  ],
  declineInvitation: [
    'table:BatchGetItem',
    'index:byAlternateKey',
    'table:PutItem',
    'table:DeleteItem',
  ],
  // A search writes too: the first one of a workspace builds its search index, and a search that
  // read many deltas folds them (data/search-index.ts).
  listTokens: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:tokensByExpiry',
    'index:tokensByName',
    'table:PutItem',
    'table:UpdateItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
  ],
  exportTokens: ['table:BatchGetItem', 'table:Query'],
  // Reads the workspace's tokens and renders them in memory.
  getTokenMetrics: ['table:GetItem', 'table:BatchGetItem', 'table:Query'],
  // The feed's key is derived from the alert link key; the feed and its URL read only, the
  // rotation adds 1 to the feed's counter and writes an audit event.
  getCalendarFeed: ['table:BatchGetItem', 'table:Query', 'alertLinkKeyRead'],
  getCalendarFeedLink: ['table:GetItem', 'table:BatchGetItem', 'alertLinkKeyRead'],
  rotateCalendarFeed: [
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'alertLinkKeyRead',
  ],
  // Builds the description from the route table in memory: reads nothing.
  getOpenApiDocument: ['table:BatchGetItem'],
  // Reads the session only; the certificates are read in memory and nothing is written.
  parseCertificate: ['table:BatchGetItem'],
  // Writes only the rate-limit counter and reads the workspace's trusted certificate
  // authorities; the endpoint itself is an outbound TLS connection.
  probeEndpoint: ['table:BatchGetItem', 'table:Query', 'rateLimitWrite'],
  // The list reads the certificate authorities and their adders' accounts; adding and removing
  // write the item, the workspace's count and the audit event.
  listTrustedCertificateAuthorities: ['table:GetItem', 'table:BatchGetItem', 'table:Query'],
  addTrustedCertificateAuthority: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
  ],
  createDomainRegistrations: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
  ],
  removeTrustedCertificateAuthority: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  // The certificate transparency watch: the list reads the watched domains, the certificates
  // seen and whether a key is stored; the writes change one item, the workspace's count and the
  // audit event; "Add to inventory" creates a token; the key is sealed (GenerateDataKey).
  listWatchedDomains: ['table:GetItem', 'table:BatchGetItem', 'table:Query'],
  addWatchedDomain: ['table:BatchGetItem', 'table:PutItem', 'table:UpdateItem'],
  updateWatchedDomain: ['table:GetItem', 'table:BatchGetItem', 'table:PutItem', 'table:UpdateItem'],
  removeWatchedDomain: [
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  // The new certificate's endpoint is checked at once: the workspace's endpoint schedules (its
  // plan's limit) and the endpoint check queue.
  addCertificateToInventory: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'endpointCheckQueueSend',
  ],
  // Stores the sealed key (PutItem) or removes it (`api_key: null`, DeleteItem).
  setCertificateTransparencyKey: [
    'table:BatchGetItem',
    'table:PutItem',
    'table:DeleteItem',
    'integrationCredentialsSeal',
  ],
  // Reads the alerts-by-time index; a workspace's first listings give its older records their
  // index entries (UpdateItem), keeping their progress between listings (GetItem, PutItem,
  // DeleteItem) until the marker that says so is written (PutItem).
  listAlertQueue: [
    'table:BatchGetItem',
    'table:GetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'index:byAlternateKey',
    'index:alertsByTime',
  ],
  requeueAlerts: [
    'table:BatchGetItem',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'alertQueueSend',
    'deadLetterQueueRedrive',
  ],
  retryAlert: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'alertQueueSend',
  ],
  // An alert's action link: verified with the alert link key; the page's question only reads.
  getAlertActionLink: ['table:GetItem', 'table:BatchGetItem', 'alertLinkKeyRead'],
  // Its button: marks the link used, stores the action, audits; a renewal writes the token like
  // updateToken, a monitored certificate's renewal sends its endpoint checks.
  takeAlertAction: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
    'alertLinkKeyRead',
    'endpointCheckQueueSend',
  ],
  getTokenAlertAction: ['table:GetItem', 'table:BatchGetItem'],
  // The Slack app: its installation item; the OAuth redirect exchanges the code with the client
  // secret (SSM) and seals the bot token; interactions check Slack's signature (the signing
  // secret, SSM), open the bot token, and act as the alert action links do.
  getSlackInstallation: ['table:GetItem', 'table:BatchGetItem'],
  startSlackInstallation: ['table:BatchGetItem', 'table:PutItem', 'appOriginRead'],
  deleteSlackInstallation: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:DeleteItem',
  ],
  slackOAuthCallback: [
    'table:BatchGetItem',
    'table:PutItem',
    'table:DeleteItem',
    'slackClientSecretRead',
    'integrationCredentialsSeal',
    'appOriginRead',
  ],
  slackInteractions: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
    'slackSigningSecretRead',
    'integrationCredentialsOpen',
    'endpointCheckQueueSend',
  ],
  // PagerDuty's back-channel: the address (on the app's origin) and which PagerDuty webhooks have
  // their secret stored; the settings item is created on the first read, as getAlertSettings does.
  getPagerDutyBackChannel: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:ConditionCheckItem',
    'appOriginRead',
  ],
  // Seals and stores a secret (PutItem) or removes it (DeleteItem), audits, answers the list.
  putPagerDutyBackChannel: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:DeleteItem',
    'integrationCredentialsSeal',
    'appOriginRead',
  ],
  // PagerDuty's events: the rate limits' counters, the workspace, its stored secrets (opened to
  // check the signature), its alert settings and the token; stores the action, audits and keeps
  // the event's id (handled once); a resolved monitored certificate's endpoints go on the queue.
  receivePagerDutyWebhook: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'rateLimitWrite',
    'integrationCredentialsOpen',
    'endpointCheckQueueSend',
  ],
  setTokenAlertAction: ['table:GetItem', 'table:BatchGetItem', 'table:PutItem', 'table:DeleteItem'],
  unsubscribeAlertEmails: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'alertLinkKeyRead',
  ],
  // A read that writes: the settings item and its signing secret are created on first read.
  getAlertSettings: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:ConditionCheckItem',
  ],
  // Writes only the rate-limit counter; the webhook itself is an outbound HTTPS call.
  testWebhook: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'rateLimitWrite',
    'table:ConditionCheckItem',
  ],
  // Two-factor: the routes that seal or open a TOTP secret read its key; the status reads only.
  getTwoFactorStatus: ['table:GetItem', 'table:BatchGetItem'],
  // Turning two-factor on or off and signing in with a recovery code email the account's owner.
  verifyTwoFactorSignIn: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'twoFactorKeyRead',
    'emailSend',
    'appOriginRead',
  ],
  startTwoFactorEnrolment: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'rateLimitWrite',
    'table:DeleteItem',
    'twoFactorKeyRead',
  ],
  confirmTwoFactorEnrolment: [
    'table:GetItem',
    'table:BatchGetItem',
    'index:byAlternateKey',
    'table:PutItem',
    'table:UpdateItem',
    'table:BatchWriteItem',
    'twoFactorKeyRead',
    'emailSend',
    'appOriginRead',
  ],
  regenerateRecoveryCodes: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'twoFactorKeyRead',
  ],
  disableTwoFactor: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'twoFactorKeyRead',
    'emailSend',
    'appOriginRead',
  ],
  // Integrations: the routes that store credentials seal them under the KMS key; the list reads.
  listIntegrations: ['table:BatchGetItem', 'table:Query'],
  createIntegration: [
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'integrationCredentialsSeal',
  ],
  updateIntegration: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'integrationCredentialsSeal',
  ],
  deleteIntegration: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
  ],
  // A sync opens the credentials (Decrypt) and writes tokens (deleting those its rules delete);
  // its preview opens them and only reads. Both assume the customer's role for an AWS integration.
  // A sync too large for its request sends the rest to the integration sync queue.
  syncIntegration: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:ConditionCheckItem',
    'integrationCredentialsOpen',
    'discoveryRoleAssume',
    'gcpFederationRoleAssume',
    'integrationSyncQueueSend',
  ],
  previewIntegrationSync: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'integrationCredentialsOpen',
    'discoveryRoleAssume',
    'gcpFederationRoleAssume',
  ],
  linkIntegrationToken: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:ConditionCheckItem',
  ],
};

/**
 * A route that takes API keys writes even when it only reads: the key's rate-limit counter and
 * its last use (functions' api-key-authentication), and nothing else (`apiKeyUseWrite`).
 */
const API_KEY_ROUTE_PERMISSIONS: readonly Permission[] = [
  // The key by its secret's hash, the key's user (with the route's workspace), and the user's
  // keys when the plan's key limit pauses some.
  'table:GetItem',
  'table:BatchGetItem',
  'table:Query',
  'apiKeyUseWrite',
];

/**
 * A route that needs a session writes the session's last use when an hour has passed since the
 * last write (functions' middleware/session-auth.ts): an update of session items only, so a route
 * that only reads may write nothing else.
 */
const SESSION_ROUTE_PERMISSIONS: readonly Permission[] = ['sessionLastUseWrite'];

export function permissionsFor(routeId: RouteId): readonly Permission[] {
  const own = routePermissions[routeId];
  const route = findRoute(routeId);
  const forKeys = route.apiKey === undefined ? [] : API_KEY_ROUTE_PERMISSIONS;
  const forSessions = route.auth === 'public' ? [] : SESSION_ROUTE_PERMISSIONS;
  return [...new Set([...HTTP_ROUTE_BASE_PERMISSIONS, ...own, ...forKeys, ...forSessions])];
}
