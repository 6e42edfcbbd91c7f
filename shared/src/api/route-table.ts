/**
 * Every API call of the product, written once. The CDK api stack and the local server loop over it
 * to mount handlers; the web client takes each call's method, path and answer schema from it. The
 * routes the web calls as it starts keep their id, method and path in start-up-routes.ts (no zod
 * there, for the web's start-up bundle).
 * A route listed here but without a handler in functions/src/http/route-handlers.ts is not mounted.
 *
 * Request schemas parse what arrives (query values are strings) and output normalized values.
 * `updateToken`'s body schema is context-free; the handler parses again with the stored token
 * (`updateTokenSchema({ current })` from domain/update-token-schema).
 */
import type { z } from 'zod';
import type { RouteApiKeyScope } from '../domain/api-keys';
import { createTokenBodySchema } from '../domain/create-token-schema';
import { updateTokenBodySchema } from '../domain/update-token-schema';
import {
  alertSettingsBody,
  alertSettingsSchema,
  testWebhookBody,
  testWebhookResponse,
  removeBouncedAddressBody,
} from './alert-api-schemas';
import { updateWeeklySummaryBody, weeklySummaryResponse } from './weekly-summary-api-schemas';
import {
  alertActionLinkQuery,
  alertActionLinkResponse,
  alertActionOutcomeResponse,
  setTokenAlertActionBody,
  takeAlertActionBody,
  tokenAlertActionResponse,
} from './alert-action-api-schemas';
import {
  pagerDutyBackChannelBody,
  pagerDutyBackChannelResponse,
  pagerDutyWebhookResponse,
} from './pagerduty-back-channel-api-schemas';
import {
  alertStatsQuery,
  alertStatsResponse,
  listAlertQueueQuery,
  listAlertQueueResponse,
  requeueAlertsBody,
  requeueAlertsResponse,
  retryAlertBody,
  alertEmailLinkQuery,
  alertEmailSubscriptionResponse,
} from './alert-queue-api-schemas';
import {
  exportAuditQuery,
  exportAuditResponse,
  listAuditEventsQuery,
  listAuditEventsResponse,
  listWorkspaceAuditEventsQuery,
} from './audit-api-schemas';
import {
  csrfTokenResponse,
  accountDeletionPreviewResponse,
  deleteAccountBody,
  googleCallbackQuery,
  googleSignInQuery,
  healthResponse,
  loginBody,
  registerBody,
  registrationStatusResponse,
  requestPasswordResetBody,
  resendVerificationBody,
  resetPasswordBody,
  sessionResponse,
  updateAccountBody,
  userResponse,
  verifyEmailQuery,
} from './auth-schemas';
import {
  billingPortalResponse,
  confirmBillingBody,
  organizationUsageResponse,
  planPricesResponse,
  planResponse,
  stripeWebhookResponse,
  upgradePlanBody,
  upgradePlanResponse,
} from './billing-api-schemas';
import {
  calendarFeedLinkResponse,
  calendarFeedQuery,
  calendarFeedResponse,
  openApiDocumentResponse,
} from './calendar-feed-api-schemas';
import {
  slackInstallationSchema,
  slackInteractionResponse,
  slackOAuthCallbackQuery,
  startSlackInstallationResponse,
} from './slack-app-api-schemas';
import { startUpRoutes } from './start-up-routes';
import {
  addOrganizationDomainBody,
  organizationDomainParams,
  organizationDomainResponse,
  organizationSignInResponse,
  saveSsoConnectionBody,
  ssoCallbackQuery,
  ssoConnectionResponse,
  ssoLookupBody,
  ssoLookupResponse,
  ssoSignInQuery,
  samlAcsBody,
  samlMetadataResponse,
} from './organization-sign-in-api-schemas';
import {
  createScimTokenResponse,
  mapScimGroupBody,
  scimGroupParams,
  scimListQuery,
  scimResourceParams,
  scimResponse,
  scimSettingsResponse,
} from './scim-api-schemas';
import {
  apiKeyParams,
  createApiKeyBody,
  createApiKeyResponse,
  listApiKeysResponse,
} from './api-key-api-schemas';
import {
  confirmTwoFactorBody,
  disableTwoFactorBody,
  recoveryCodesResponse,
  regenerateRecoveryCodesBody,
  startTwoFactorBody,
  startTwoFactorResponse,
  twoFactorRequirementBody,
  twoFactorStatusResponse,
  verifyTwoFactorBody,
  verifyTwoFactorResponse,
} from './two-factor-api-schemas';
import { idParams, memberParams, okResponse, redirectResponse } from './common-schemas';
import { parseCertificateBody, parseCertificateResponse } from './certificate-api-schemas';
import { reportScanBody, reportScanResponse } from './scan-api-schemas';
import { endpointProbeBody, endpointProbeResponse } from './endpoint-api-schemas';
import {
  domainRegistrationsBody,
  domainRegistrationsResponse,
} from './domain-registration-api-schemas';
import {
  addTrustedCaBody,
  listTrustedCasResponse,
  trustedCaParams,
  trustedCaSchema,
} from './trusted-ca-api-schemas';
import {
  addWatchedDomainBody,
  certificateTransparencyKeyBody,
  certificateTransparencyKeyResponse,
  ctFindingParams,
  listWatchedDomainsResponse,
  updateWatchedDomainBody,
  watchedDomainParams,
  watchedDomainSchema,
} from './watched-domain-api-schemas';
import {
  createIntegrationBody,
  integrationParams,
  integrationSchema,
  linkIntegrationTokenBody,
  listIntegrationsResponse,
  syncNowResponse,
  syncReportSchema,
  updateIntegrationBody,
} from './integration-api-schemas';
import {
  exportTokensQuery,
  exportTokensResponse,
  importTokensBody,
  importTokensResponse,
  tokenMetricsResponse,
} from './inventory-api-schemas';
import {
  acceptInvitationResponse,
  invitationPreviewQuery,
  invitationPreviewResponse,
  listInvitationsResponse,
} from './invitation-api-schemas';
import {
  deleteTokenResponse,
  listTokensQuery,
  listTokensResponse,
  tokenResponse,
} from './token-api-schemas';
import {
  addMemberBody,
  createWorkspaceBody,
  listMembersQuery,
  listMembersResponse,
  listWorkspacesQuery,
  listWorkspacesResponse,
  memberSchema,
  renameWorkspaceBody,
  transferTokensBody,
  transferTokensResponse,
  updateMemberBody,
  removeMemberQuery,
  workspaceSchema,
} from './workspace-api-schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, anyone with a session, or only a session whose email is verified. */
export type RouteAuth = 'public' | 'session' | 'verifiedSession';

export interface RouteDefinition {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/tokens/{id}`. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  readonly request?: {
    readonly body?: z.ZodType;
    readonly query?: z.ZodType;
    readonly params?: z.ZodType;
  };
  readonly response: z.ZodType;
  /**
   * Whether an API key (`Authorization: Bearer er_…`) may call the route, and which
   * (domain/api-keys: `RouteApiKeyScope`); absent: keys are refused with 403. Never on `/auth/*`,
   * billing or the API-key routes themselves (route-table-api-keys.test.ts lists them all).
   */
  readonly apiKey?: RouteApiKeyScope;
  /**
   * The status of a success when it is not 200 (201: the call created something; 202: it was
   * accepted and its outcome arrives by email; 204: SCIM's answer to a deletion, no body).
   */
  readonly successStatus?: 201 | 202 | 204;
  /**
   * A second success status, with the same body: 202 when the work may go on after the answer
   * (a large "Sync now" continues on the integration sync queue).
   */
  readonly acceptedStatus?: 202;
  /** The answer's media type when it is not JSON (the calendar feed). */
  readonly responseMediaType?: string;
}

export const routeTable = [
  // Session and platform
  {
    ...startUpRoutes.getSession,
    auth: 'public',
    summary: 'The current session, or loggedIn false.',
    response: sessionResponse,
  },
  {
    ...startUpRoutes.getCsrfToken,
    auth: 'public',
    summary: 'A CSRF token to send as X-CSRF-Token on every POST, PUT, PATCH and DELETE.',
    response: csrfTokenResponse,
  },
  {
    id: 'getHealth',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    summary: 'Whether the table and the alert queues are reachable.',
    response: healthResponse,
  },
  {
    id: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'public',
    summary: 'This description of the API (OpenAPI 3.1), built from the route table.',
    response: openApiDocumentResponse,
  },
  // Accounts (/auth/*)
  {
    id: 'login',
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    summary: 'Signs in with email and password; sets a new session cookie. Rate limited.',
    request: { body: loginBody },
    response: sessionResponse,
  },
  {
    id: 'register',
    method: 'POST',
    path: '/auth/register',
    auth: 'public',
    summary:
      'Creates an account and sends its verification email (sign in once verified); for an address that has an account, emails its owner instead. Answers 202 either way, in the same time. Rate limited.',
    request: { body: registerBody },
    response: okResponse,
    successStatus: 202,
  },
  {
    id: 'getRegistrationStatus',
    method: 'GET',
    path: '/auth/registration',
    auth: 'public',
    summary:
      "Whether the account this browser's registration created (the registration cookie) has verified its address; verified false for no cookie, an expired one, or an address that already had an account. Starts no session. Rate limited.",
    response: registrationStatusResponse,
  },
  {
    id: 'logout',
    method: 'POST',
    path: '/api/logout',
    auth: 'public',
    summary: 'Revokes the session (if any) and clears its cookie; idempotent.',
    response: okResponse,
  },
  {
    id: 'updateAccount',
    method: 'PUT',
    path: '/auth/account',
    auth: 'session',
    summary:
      'Updates the display name, the email (verified again) and/or the password (with the current one).',
    request: { body: updateAccountBody },
    response: userResponse,
  },
  {
    id: 'getAccountDeletionPreview',
    method: 'GET',
    path: '/auth/account/deletion',
    auth: 'session',
    summary:
      'What deleting the account would do to each workspace it owns: its members, its tokens, and who takes it over (or that it is deleted).',
    response: accountDeletionPreviewResponse,
  },
  {
    id: 'deleteAccount',
    method: 'DELETE',
    path: '/auth/account',
    auth: 'session',
    summary:
      'Deletes the account with its sessions and memberships. Each owned workspace passes to the member named in `successors`, else to an admin or the longest-standing workspace manager, else is deleted (its members are emailed). Needs the password or a sign-in within the last 10 minutes.',
    request: { body: deleteAccountBody },
    response: okResponse,
  },
  {
    id: 'verifyEmail',
    method: 'GET',
    path: '/auth/verify-email',
    auth: 'public',
    summary:
      'The link of the verification email: verifies and redirects to /dashboard?verification_success=true (or /verify-email?error=invalid).',
    request: { query: verifyEmailQuery },
    response: redirectResponse,
  },
  {
    id: 'resendVerification',
    method: 'POST',
    path: '/auth/verify-email/resend',
    auth: 'session',
    summary: "Sends the verification email again to the session's address. Rate limited.",
    request: { body: resendVerificationBody },
    response: okResponse,
  },
  {
    id: 'requestPasswordReset',
    method: 'POST',
    path: '/auth/reset-password/request',
    auth: 'public',
    summary: 'Emails a reset link if the account exists; always answers ok. Rate limited.',
    request: { body: requestPasswordResetBody },
    response: okResponse,
  },
  {
    id: 'resetPassword',
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'public',
    summary: "Sets a new password from a reset link's token and revokes every session.",
    request: { body: resetPasswordBody },
    response: okResponse,
  },
  {
    id: 'googleSignIn',
    method: 'GET',
    path: '/auth/google',
    auth: 'public',
    summary: 'Redirects to Google sign-in.',
    request: { query: googleSignInQuery },
    response: redirectResponse,
  },
  {
    id: 'googleCallback',
    method: 'GET',
    path: '/auth/google/callback',
    auth: 'public',
    summary: 'Google returns here; signs in or registers, then redirects to the app.',
    request: { query: googleCallbackQuery },
    response: redirectResponse,
  },
  // Single sign-on through an organization's identity provider
  {
    id: 'ssoLookup',
    method: 'POST',
    path: '/auth/sso/lookup',
    auth: 'public',
    summary:
      'Whether an address belongs to a verified domain with an SSO connection, whether SSO is required for it, and where to sign in.',
    request: { body: ssoLookupBody },
    response: ssoLookupResponse,
  },
  {
    id: 'ssoSignIn',
    method: 'GET',
    path: '/auth/sso',
    auth: 'public',
    summary:
      "Redirects an address of a verified domain to its organization's identity provider (authorization code with PKCE, state and nonce).",
    request: { query: ssoSignInQuery },
    response: redirectResponse,
  },
  {
    id: 'ssoCallback',
    method: 'GET',
    path: '/auth/sso/callback',
    auth: 'public',
    summary:
      'The identity provider returns here; checks state, issuer and the ID token (nonce), signs in or creates the account, then redirects to the app.',
    request: { query: ssoCallbackQuery },
    response: redirectResponse,
  },
  {
    id: 'samlMetadata',
    method: 'GET',
    path: '/auth/saml/metadata',
    auth: 'public',
    summary:
      "Expiry Radar's SAML 2.0 service provider metadata (its entity id is this URL; the assertion consumer service; signed assertions wanted), as an XML file.",
    response: samlMetadataResponse,
  },
  {
    id: 'samlAcs',
    method: 'POST',
    path: '/auth/saml/acs',
    auth: 'public',
    summary:
      "The SAML assertion consumer service (HTTP-POST binding, a form body, no CSRF): checks the response's signed assertion, issuer, audience, recipient, time window, InResponseTo and replay, then signs in or creates the account and redirects to the app.",
    request: { body: samlAcsBody },
    response: redirectResponse,
  },
  // Two-factor authentication
  {
    id: 'verifyTwoFactorSignIn',
    method: 'POST',
    path: '/auth/two-factor',
    auth: 'public',
    summary:
      "The sign-in's second step: a code from the authenticator app or a recovery code, with the pending sign-in cookie that the password (or Google) step set; starts the session. 5 wrong codes lock it for 15 minutes.",
    request: { body: verifyTwoFactorBody },
    response: verifyTwoFactorResponse,
  },
  {
    id: 'getTwoFactorStatus',
    method: 'GET',
    path: '/api/account/two-factor',
    auth: 'session',
    summary: 'Whether two-factor authentication is on, and how many recovery codes are left.',
    response: twoFactorStatusResponse,
  },
  {
    id: 'startTwoFactorEnrolment',
    method: 'POST',
    path: '/api/account/two-factor/enrolment',
    auth: 'session',
    summary:
      'A new authenticator secret (QR code, URI and text) to confirm with a code; needs the password, or a recent sign-in for accounts without one.',
    request: { body: startTwoFactorBody },
    response: startTwoFactorResponse,
  },
  {
    id: 'confirmTwoFactorEnrolment',
    method: 'POST',
    path: '/api/account/two-factor/enrolment/confirm',
    auth: 'session',
    summary:
      'Turns two-factor authentication on with a code from the app; answers 10 recovery codes, shown once.',
    request: { body: confirmTwoFactorBody },
    response: recoveryCodesResponse,
  },
  {
    id: 'regenerateRecoveryCodes',
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    auth: 'session',
    summary: 'Replaces the recovery codes with 10 new ones (password or a current code).',
    request: { body: regenerateRecoveryCodesBody },
    response: recoveryCodesResponse,
  },
  {
    id: 'disableTwoFactor',
    method: 'DELETE',
    path: '/api/account/two-factor',
    auth: 'session',
    summary: 'Turns two-factor authentication off (password and a current code).',
    request: { body: disableTwoFactorBody },
    response: okResponse,
  },
  // Tokens
  {
    ...startUpRoutes.listTokens,
    auth: 'verifiedSession',
    summary: "A page of a workspace's tokens with facets per category and section.",
    request: { query: listTokensQuery },
    response: listTokensResponse,
    apiKey: 'workspace',
  },
  {
    id: 'createToken',
    method: 'POST',
    path: '/api/tokens',
    auth: 'verifiedSession',
    summary: 'Creates a token in a workspace (admin or workspace manager).',
    request: { body: createTokenBodySchema },
    response: tokenResponse,
    apiKey: 'workspace',
    successStatus: 201,
  },
  {
    id: 'createDomainRegistrations',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/domain-registrations',
    auth: 'verifiedSession',
    summary:
      "Adds domains to follow in bulk (at most 100): one Domain Registration token per registered domain, keeping the given expiry until its registry's RDAP answers; domains already followed and entries that are not registered domains are answered, not added (admin or workspace manager).",
    request: { params: idParams, body: domainRegistrationsBody },
    response: domainRegistrationsResponse,
    apiKey: 'workspace',
    successStatus: 201,
  },
  {
    id: 'updateToken',
    method: 'PUT',
    path: '/api/tokens/{id}',
    auth: 'verifiedSession',
    summary: 'Edits or renews a token; type and category cannot change.',
    request: { params: idParams, body: updateTokenBodySchema },
    response: tokenResponse,
    apiKey: 'workspace',
  },
  {
    id: 'deleteToken',
    method: 'DELETE',
    path: '/api/tokens/{id}',
    auth: 'verifiedSession',
    summary: 'Deletes a token permanently.',
    request: { params: idParams },
    response: deleteTokenResponse,
    apiKey: 'workspace',
  },
  {
    id: 'parseCertificate',
    method: 'POST',
    path: '/api/certificates/parse',
    auth: 'verifiedSession',
    summary:
      'Reads PEM certificates (a chain fills from its leaf; several leaves answer one each) into token fields; private keys are refused unread.',
    request: { body: parseCertificateBody },
    response: parseCertificateResponse,
    apiKey: 'workspace',
  },
  {
    id: 'probeEndpoint',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/endpoint-probes',
    auth: 'verifiedSession',
    summary:
      "Check now: connects to a TLS endpoint (host, port, SNI name; through the webhooks SSRF guard, 10 s) and answers the served leaf certificate in the token form's fields, with what a scheduled check would say of it. Rate limited; admins and workspace managers.",
    request: { params: idParams, body: endpointProbeBody },
    response: endpointProbeResponse,
  },
  {
    id: 'listTrustedCertificateAuthorities',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/trusted-certificate-authorities',
    auth: 'verifiedSession',
    summary:
      "The workspace's trusted certificate authorities, oldest first: the CA certificates its endpoint checks and Check now trust beside the public roots (members).",
    request: { params: idParams },
    response: listTrustedCasResponse,
    apiKey: 'workspace',
  },
  {
    id: 'addTrustedCertificateAuthority',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/trusted-certificate-authorities',
    auth: 'verifiedSession',
    summary:
      'Trusts one CA certificate (PEM, basicConstraints CA:TRUE, not expired, at most 16,384 characters) for the endpoint checks of the workspace, at most 20 per workspace; the same certificate twice answers 409 (admins).',
    request: { params: idParams, body: addTrustedCaBody },
    response: trustedCaSchema,
    apiKey: 'workspace',
    successStatus: 201,
  },
  {
    id: 'removeTrustedCertificateAuthority',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/trusted-certificate-authorities/{caId}',
    auth: 'verifiedSession',
    summary:
      'Stops trusting a certificate authority: the next check of an endpoint it signed finds its chain untrusted (admins).',
    request: { params: trustedCaParams },
    response: okResponse,
    apiKey: 'workspace',
  },
  {
    id: 'listWatchedDomains',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/watched-domains',
    auth: 'verifiedSession',
    summary:
      "The certificate transparency watch of the workspace: its watched domains, the plan's limit, whether a Cert Spotter API key is stored (never the key), and the certificates seen for them, newest first (members).",
    request: { params: idParams },
    response: listWatchedDomainsResponse,
    apiKey: 'workspace',
  },
  {
    id: 'addWatchedDomain',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/watched-domains',
    auth: 'verifiedSession',
    summary:
      "Watches a domain (a registered domain or a name under one; IDNs stored as A-labels) in certificate transparency logs, with or without its subdomains, adding new certificates by themselves or alerting, with an optional issuer allow-list; within the plan's watched domains (0 / 5 / 50 / unlimited); the same domain twice answers 409 (admins).",
    request: { params: idParams, body: addWatchedDomainBody },
    response: watchedDomainSchema,
    apiKey: 'workspace',
    successStatus: 201,
  },
  {
    id: 'updateWatchedDomain',
    method: 'PATCH',
    path: '/api/v1/workspaces/{id}/watched-domains/{domain}',
    auth: 'verifiedSession',
    summary:
      "Changes a watched domain's subdomains, automatic adding or issuer allow-list (admins).",
    request: { params: watchedDomainParams, body: updateWatchedDomainBody },
    response: watchedDomainSchema,
    apiKey: 'workspace',
  },
  {
    id: 'removeWatchedDomain',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/watched-domains/{domain}',
    auth: 'verifiedSession',
    summary: 'Stops watching a domain; the certificates seen for it stay listed (admins).',
    request: { params: watchedDomainParams },
    response: okResponse,
    apiKey: 'workspace',
  },
  {
    id: 'addCertificateToInventory',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/watched-domains/certificates/{certificateId}/inventory',
    auth: 'verifiedSession',
    summary:
      'Add to inventory: makes a certificate seen in certificate transparency logs a monitored certificate token (its names, issuer and expiry; its first name checked on port 443) (admin or workspace manager).',
    request: { params: ctFindingParams },
    response: tokenResponse,
    apiKey: 'workspace',
    successStatus: 201,
  },
  {
    id: 'setCertificateTransparencyKey',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/certificate-transparency-key',
    auth: 'verifiedSession',
    summary:
      "Stores the workspace's Cert Spotter API key sealed (never answered, logged or audited), or removes it with null; without one the watch reads Cert Spotter at its unauthenticated rate (admins).",
    request: { params: idParams, body: certificateTransparencyKeyBody },
    response: certificateTransparencyKeyResponse,
  },
  // Alerts
  {
    id: 'testWebhook',
    method: 'POST',
    path: '/api/test-webhook',
    auth: 'verifiedSession',
    summary: 'Sends a test message to a webhook. Rate limited.',
    request: { body: testWebhookBody },
    response: testWebhookResponse,
  },
  {
    id: 'requeueAlerts',
    method: 'POST',
    path: '/api/alert-queue/requeue',
    auth: 'verifiedSession',
    summary: 'Moves failed alerts (dead-letter queue) back to the alert queue.',
    request: { body: requeueAlertsBody },
    response: requeueAlertsResponse,
  },
  {
    id: 'listAlertQueue',
    method: 'GET',
    path: '/api/alert-queue',
    auth: 'verifiedSession',
    summary: 'Alerts with their per-channel delivery state.',
    request: { query: listAlertQueueQuery },
    response: listAlertQueueResponse,
  },
  {
    id: 'retryAlert',
    method: 'POST',
    path: '/api/alert-queue/{id}/retry',
    auth: 'verifiedSession',
    summary: "Queues one alert's failed channel (or one email recipient, email:<address>) again.",
    request: { params: idParams, body: retryAlertBody },
    response: okResponse,
  },
  {
    id: 'unsubscribeAlertEmails',
    method: 'POST',
    path: '/api/alert-emails/unsubscribe',
    auth: 'public',
    summary:
      "Stops (resume=true: resumes) the alert emails of a signed link's workspaces to its address; one click (RFC 8058): no CSRF, the form body List-Unsubscribe=One-Click accepted.",
    request: { query: alertEmailLinkQuery },
    response: alertEmailSubscriptionResponse,
  },
  {
    id: 'getAlertActionLink',
    method: 'GET',
    path: '/api/alert-actions',
    auth: 'public',
    summary:
      'What a signed action link of an alert (acknowledge, snooze, renewed) would do, for its confirmation page; changes nothing.',
    request: { query: alertActionLinkQuery },
    response: alertActionLinkResponse,
  },
  {
    id: 'takeAlertAction',
    method: 'POST',
    path: '/api/alert-actions',
    auth: 'public',
    summary:
      "Does what a signed action link of an alert says (the confirmation page's button): acknowledges, snoozes until a date, or records a renewal (a monitored certificate's endpoint is checked instead). Each link works once, for 14 days.",
    request: { query: alertActionLinkQuery, body: takeAlertActionBody },
    response: alertActionOutcomeResponse,
  },
  {
    id: 'getPagerDutyBackChannel',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/pagerduty-back-channel',
    auth: 'verifiedSession',
    summary:
      "The address to give PagerDuty as a V3 webhook subscription's URL, and which PagerDuty webhooks have its signing secret stored (editors).",
    request: { params: idParams },
    response: pagerDutyBackChannelResponse,
  },
  {
    id: 'putPagerDutyBackChannel',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/pagerduty-back-channel',
    auth: 'verifiedSession',
    summary:
      "Stores a PagerDuty webhook's V3 subscription signing secret sealed (never answered), or removes it with null (editors).",
    request: { params: idParams, body: pagerDutyBackChannelBody },
    response: pagerDutyBackChannelResponse,
  },
  {
    id: 'receivePagerDutyWebhook',
    method: 'POST',
    path: '/api/pagerduty/webhooks/{id}',
    auth: 'public',
    summary:
      "PagerDuty V3 webhook events of a workspace's PagerDuty alerts (raw body, X-PagerDuty-Signature checked, no CSRF): incident.acknowledged acknowledges the alert's expiry, incident.resolved checks a monitored certificate's endpoints or else acknowledges; other events and incidents are answered 202 and change nothing.",
    request: { params: idParams },
    response: pagerDutyWebhookResponse,
    successStatus: 202,
  },
  {
    id: 'getTokenAlertAction',
    method: 'GET',
    path: '/api/tokens/{id}/alert-action',
    auth: 'verifiedSession',
    summary: "The token's alert action (acknowledged, snoozed, renewed) for its current expiry.",
    request: { params: idParams },
    response: tokenAlertActionResponse,
  },
  {
    id: 'setTokenAlertAction',
    method: 'PUT',
    path: '/api/tokens/{id}/alert-action',
    auth: 'verifiedSession',
    summary:
      "Acknowledges the token's alerts for its current expiry, snoozes them until a date (never past the expiry), or clears that (editors).",
    request: { params: idParams, body: setTokenAlertActionBody },
    response: tokenAlertActionResponse,
  },
  // The Slack app: "Add to Slack" per workspace, alerts in its channel, actions from its buttons
  {
    id: 'getSlackInstallation',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/slack-installation',
    auth: 'verifiedSession',
    summary:
      "The workspace's Slack app installation: its Slack workspace and channel, and whether it was revoked on Slack's side (alerts then fall back to email) (members).",
    request: { params: idParams },
    response: slackInstallationSchema,
  },
  {
    id: 'startSlackInstallation',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/slack-installation',
    auth: 'verifiedSession',
    summary:
      "Add to Slack: answers Slack's OAuth v2 authorize address, its state bound to the workspace and the admin who asked (10 minutes, once); Pro plans and above (admins).",
    request: { params: idParams },
    response: startSlackInstallationResponse,
  },
  {
    id: 'deleteSlackInstallation',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/slack-installation',
    auth: 'verifiedSession',
    summary:
      'Removes the Slack app installation and its bot token; alerts stop going to Slack (admins).',
    request: { params: idParams },
    response: okResponse,
  },
  {
    id: 'slackOAuthCallback',
    method: 'GET',
    path: '/api/slack/oauth/callback',
    auth: 'public',
    summary:
      "Slack's OAuth redirect: takes the state once (the same signed-in admin, within 10 minutes), exchanges the code with oauth.v2.access, stores the bot token sealed and the channel chosen in Slack, then redirects to the Alerts page.",
    request: { query: slackOAuthCallbackQuery },
    response: redirectResponse,
  },
  {
    id: 'slackInteractions',
    method: 'POST',
    path: '/api/slack/interactions',
    auth: 'public',
    summary:
      "Slack's interaction requests (form-encoded `payload`): X-Slack-Signature checked over the raw body, timestamps older than 5 minutes and replays refused; a button of an alert message acknowledges, snoozes or records a renewal as the member whose verified Slack email it is, and the message is updated in place.",
    response: slackInteractionResponse,
  },
  {
    id: 'getAlertStats',
    method: 'GET',
    path: '/api/alert-stats',
    auth: 'verifiedSession',
    summary: 'Alert counts by delivery state and deliveries this month.',
    request: { query: alertStatsQuery },
    response: alertStatsResponse,
  },
  // Audit
  {
    id: 'listAuditEvents',
    method: 'GET',
    path: '/api/audit-events',
    auth: 'verifiedSession',
    summary: "Audit events: the user's own, or with scope=organization all they manage.",
    request: { query: listAuditEventsQuery },
    response: listAuditEventsResponse,
  },
  {
    id: 'listWorkspaceAuditEvents',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/audit-events',
    auth: 'verifiedSession',
    summary: "A workspace's audit events, newest first.",
    request: { params: idParams, query: listWorkspaceAuditEventsQuery },
    response: listAuditEventsResponse,
    apiKey: 'workspace',
  },
  {
    id: 'exportAudit',
    method: 'GET',
    path: '/api/account/export-audit',
    auth: 'verifiedSession',
    summary: 'Audit events as a JSON or CSV file download.',
    request: { query: exportAuditQuery },
    response: exportAuditResponse,
  },
  // Plan and billing
  {
    id: 'getPlan',
    method: 'GET',
    path: '/api/account/plan',
    auth: 'session',
    summary: "The user's plan.",
    response: planResponse,
  },
  {
    id: 'getWeeklySummary',
    method: 'GET',
    path: '/api/account/weekly-summary',
    auth: 'session',
    summary: "The caller's weekly summary email: on or off, its time zone, when it goes out next.",
    response: weeklySummaryResponse,
  },
  {
    id: 'updateWeeklySummary',
    method: 'PUT',
    path: '/api/account/weekly-summary',
    auth: 'session',
    summary:
      'Turns the weekly summary email on (Monday 08:00 in the given time zone) or off for the caller.',
    request: { body: updateWeeklySummaryBody },
    response: weeklySummaryResponse,
  },
  {
    id: 'getPlanPrices',
    method: 'GET',
    path: '/api/plan-prices',
    auth: 'public',
    summary: "Each plan's price per billing period (monthly, yearly), as the deployment sets them.",
    response: planPricesResponse,
  },
  {
    id: 'upgradePlan',
    method: 'POST',
    path: '/api/account/upgrade',
    auth: 'verifiedSession',
    summary:
      'Starts a Stripe checkout for a plan and billing period, or switches the plan directly in local billing mode.',
    request: { body: upgradePlanBody },
    response: upgradePlanResponse,
  },
  {
    id: 'confirmBilling',
    method: 'POST',
    path: '/api/billing/confirm',
    auth: 'session',
    summary: 'Confirms a checkout session on return from the payment provider.',
    request: { body: confirmBillingBody },
    response: planResponse,
  },
  {
    id: 'openBillingPortal',
    method: 'POST',
    path: '/api/billing/portal',
    auth: 'verifiedSession',
    summary: 'A billing portal session URL; the portal returns to /billing?portal=return.',
    response: billingPortalResponse,
  },
  {
    id: 'stripeWebhook',
    method: 'POST',
    path: '/api/billing/webhook',
    auth: 'public',
    summary: 'Stripe events (raw body, Stripe-Signature checked, no CSRF, idempotent by event id).',
    response: stripeWebhookResponse,
  },
  {
    id: 'getOrganizationUsage',
    method: 'GET',
    path: '/api/organization/usage',
    auth: 'verifiedSession',
    summary: "Usage against the plan's limits, per owned workspace.",
    response: organizationUsageResponse,
  },
  // Enterprise sign-in: the organization's verified domains and its SSO connection (its owner)
  {
    id: 'getOrganizationSignIn',
    method: 'GET',
    path: '/api/organization/sign-in',
    auth: 'verifiedSession',
    summary:
      "The caller's organization: its email domains (each with the DNS TXT record that verifies it) and its SSO connection (never the client secret).",
    response: organizationSignInResponse,
  },
  {
    id: 'addOrganizationDomain',
    method: 'POST',
    path: '/api/organization/domains',
    auth: 'verifiedSession',
    summary:
      'Adds an email domain to verify (Team and Enterprise owners); answers the TXT record to publish.',
    request: { body: addOrganizationDomainBody },
    response: organizationDomainResponse,
  },
  {
    id: 'verifyOrganizationDomain',
    method: 'POST',
    path: '/api/organization/domains/{domain}/verify',
    auth: 'verifiedSession',
    summary:
      "Reads the domain's TXT records and verifies it when the token is there; a domain another organization verified is refused.",
    request: { params: organizationDomainParams },
    response: organizationDomainResponse,
  },
  {
    id: 'removeOrganizationDomain',
    method: 'DELETE',
    path: '/api/organization/domains/{domain}',
    auth: 'verifiedSession',
    summary: 'Removes an email domain (and its verification) from the organization.',
    request: { params: organizationDomainParams },
    response: okResponse,
  },
  {
    id: 'saveSsoConnection',
    method: 'PUT',
    path: '/api/organization/sso',
    auth: 'verifiedSession',
    summary:
      "Creates or changes the organization's OpenID Connect connection (issuer discovered and checked first), its default workspace and role, and Require SSO.",
    request: { body: saveSsoConnectionBody },
    response: ssoConnectionResponse,
  },
  // SCIM provisioning: the organization page's part (its owner)
  {
    id: 'getScimSettings',
    method: 'GET',
    path: '/api/organization/scim',
    auth: 'verifiedSession',
    summary:
      "The organization's SCIM provisioning: whether a token exists (never the token) and the groups its identity provider pushed, with their workspace and role.",
    response: scimSettingsResponse,
  },
  {
    id: 'createScimToken',
    method: 'POST',
    path: '/api/organization/scim/token',
    auth: 'verifiedSession',
    summary:
      "Makes the organization's SCIM bearer token, replacing the one before (which stops working); answers it once.",
    response: createScimTokenResponse,
    successStatus: 201,
  },
  {
    id: 'revokeScimToken',
    method: 'DELETE',
    path: '/api/organization/scim/token',
    auth: 'verifiedSession',
    summary: "Revokes the organization's SCIM token: provisioning stops until a new one is made.",
    response: okResponse,
  },
  {
    id: 'mapScimGroup',
    method: 'PUT',
    path: '/api/organization/scim/groups/{id}',
    auth: 'verifiedSession',
    summary:
      "Maps a SCIM group to one of the owner's workspaces and a role (or unmaps it); its members get or lose that access at once.",
    request: { params: scimGroupParams, body: mapScimGroupBody },
    response: scimSettingsResponse,
  },
  // SCIM 2.0 (RFC 7644) for identity providers: the organization's bearer token, SCIM's JSON
  {
    id: 'scimServiceProviderConfig',
    method: 'GET',
    path: '/scim/v2/ServiceProviderConfig',
    auth: 'public',
    summary: "SCIM: the service's configuration (RFC 7644 §5).",
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimResourceTypes',
    method: 'GET',
    path: '/scim/v2/ResourceTypes',
    auth: 'public',
    summary: 'SCIM: the resource types, User and Group.',
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimSchemas',
    method: 'GET',
    path: '/scim/v2/Schemas',
    auth: 'public',
    summary: 'SCIM: the User and Group schemas, with the attributes kept.',
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimListUsers',
    method: 'GET',
    path: '/scim/v2/Users',
    auth: 'public',
    summary:
      "SCIM: the organization's provisioned users; filter (userName, externalId, id, active, emails.value eq), startIndex and count.",
    request: { query: scimListQuery },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimCreateUser',
    method: 'POST',
    path: '/scim/v2/Users',
    auth: 'public',
    summary:
      'SCIM: provisions a user of a verified domain: a verified account (or the one holding the address), in the organization.',
    response: scimResponse,
    successStatus: 201,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimGetUser',
    method: 'GET',
    path: '/scim/v2/Users/{id}',
    auth: 'public',
    summary: 'SCIM: one provisioned user.',
    request: { params: scimResourceParams },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimReplaceUser',
    method: 'PUT',
    path: '/scim/v2/Users/{id}',
    auth: 'public',
    summary:
      "SCIM: replaces a user (Okta); active false ends their sessions, API keys and memberships in the organization's workspaces at once.",
    request: { params: scimResourceParams },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimPatchUser',
    method: 'PATCH',
    path: '/scim/v2/Users/{id}',
    auth: 'public',
    summary:
      'SCIM: changes a user with PATCH operations (Entra ID, Okta); active false ends their sessions, API keys and memberships at once.',
    request: { params: scimResourceParams },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimDeleteUser',
    method: 'DELETE',
    path: '/scim/v2/Users/{id}',
    auth: 'public',
    summary:
      'SCIM: removes a user from the organization: access ended as on deactivation; the account stays.',
    request: { params: scimResourceParams },
    response: scimResponse,
    successStatus: 204,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimListGroups',
    method: 'GET',
    path: '/scim/v2/Groups',
    auth: 'public',
    summary:
      "SCIM: the organization's groups; filter (displayName, externalId, id eq), startIndex and count.",
    request: { query: scimListQuery },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimCreateGroup',
    method: 'POST',
    path: '/scim/v2/Groups',
    auth: 'public',
    summary: 'SCIM: creates a group, with its members.',
    response: scimResponse,
    successStatus: 201,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimGetGroup',
    method: 'GET',
    path: '/scim/v2/Groups/{id}',
    auth: 'public',
    summary: 'SCIM: one group with its members.',
    request: { params: scimResourceParams, query: scimListQuery },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimReplaceGroup',
    method: 'PUT',
    path: '/scim/v2/Groups/{id}',
    auth: 'public',
    summary: "SCIM: replaces a group's name and members.",
    request: { params: scimResourceParams },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimPatchGroup',
    method: 'PATCH',
    path: '/scim/v2/Groups/{id}',
    auth: 'public',
    summary:
      "SCIM: renames a group, adds or removes members; a mapped group's workspace follows at once.",
    request: { params: scimResourceParams },
    response: scimResponse,
    responseMediaType: 'application/scim+json',
  },
  {
    id: 'scimDeleteGroup',
    method: 'DELETE',
    path: '/scim/v2/Groups/{id}',
    auth: 'public',
    summary: 'SCIM: deletes a group; its members lose the workspace it was mapped to.',
    request: { params: scimResourceParams },
    response: scimResponse,
    successStatus: 204,
    responseMediaType: 'application/scim+json',
  },
  // API keys of the signed-in user (never callable with an API key)
  {
    id: 'listApiKeys',
    method: 'GET',
    path: '/api/account/api-keys',
    auth: 'verifiedSession',
    summary: "The user's API keys: name, scope, access, last use and expiry (never the secret).",
    response: listApiKeysResponse,
  },
  {
    id: 'createApiKey',
    method: 'POST',
    path: '/api/account/api-keys',
    auth: 'verifiedSession',
    summary:
      "Creates an API key within the plan's limit and a token for it in the inventory; answers the secret once.",
    request: { body: createApiKeyBody },
    response: createApiKeyResponse,
  },
  {
    id: 'revokeApiKey',
    method: 'DELETE',
    path: '/api/account/api-keys/{keyId}',
    auth: 'verifiedSession',
    summary: 'Revokes an API key at once (its inventory token stays).',
    request: { params: apiKeyParams },
    response: okResponse,
  },
  // Workspaces
  {
    ...startUpRoutes.listWorkspaces,
    auth: 'verifiedSession',
    summary: "The user's workspaces with their role in each.",
    request: { query: listWorkspacesQuery },
    response: listWorkspacesResponse,
    apiKey: 'workspace',
  },
  {
    id: 'createWorkspace',
    method: 'POST',
    path: '/api/v1/workspaces',
    auth: 'verifiedSession',
    summary: 'Creates a workspace owned by the user, within the plan limit.',
    request: { body: createWorkspaceBody },
    response: workspaceSchema,
    apiKey: 'allWorkspaces',
    successStatus: 201,
  },
  {
    id: 'getWorkspace',
    method: 'GET',
    path: '/api/v1/workspaces/{id}',
    auth: 'verifiedSession',
    summary: "One workspace with the user's role in it.",
    request: { params: idParams },
    response: workspaceSchema,
    apiKey: 'workspace',
  },
  {
    id: 'renameWorkspace',
    method: 'PATCH',
    path: '/api/v1/workspaces/{id}',
    auth: 'verifiedSession',
    summary: 'Renames a workspace (admin).',
    request: { params: idParams, body: renameWorkspaceBody },
    response: workspaceSchema,
  },
  {
    id: 'deleteWorkspace',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}',
    auth: 'verifiedSession',
    summary: 'Deletes a workspace and its tokens (admin).',
    request: { params: idParams },
    response: okResponse,
  },
  {
    id: 'listMembers',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/members',
    auth: 'verifiedSession',
    summary: "A workspace's members and invitations.",
    request: { params: idParams, query: listMembersQuery },
    response: listMembersResponse,
  },
  {
    id: 'addMember',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/members',
    auth: 'verifiedSession',
    summary:
      'Invites an address by email with a role, within the plan limit; it joins only when its owner accepts. Rate limited.',
    request: { params: idParams, body: addMemberBody },
    response: memberSchema,
    successStatus: 201,
  },
  {
    id: 'updateMember',
    method: 'PATCH',
    path: '/api/v1/workspaces/{id}/members/{userId}',
    auth: 'verifiedSession',
    summary: "Changes a member's role.",
    request: { params: memberParams, body: updateMemberBody },
    response: memberSchema,
  },
  {
    id: 'removeMember',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/members/{userId}',
    auth: 'verifiedSession',
    summary:
      "Removes a member or cancels an invitation; the member's tokens go to `successor_id` (another member) or are left without an owner.",
    request: { params: memberParams, query: removeMemberQuery },
    response: okResponse,
  },
  // Invitations to the user's own (verified) address
  {
    id: 'getInvitationPreview',
    method: 'GET',
    path: '/api/invitations/preview',
    auth: 'public',
    summary:
      "An invitation email link's workspace and inviter names, as the email gave them (address and invitation id must match). Rate limited.",
    request: { query: invitationPreviewQuery },
    response: invitationPreviewResponse,
  },
  {
    id: 'listInvitations',
    method: 'GET',
    path: '/api/invitations',
    auth: 'verifiedSession',
    summary: "The pending invitations to the user's current, verified address.",
    response: listInvitationsResponse,
  },
  {
    id: 'acceptInvitation',
    method: 'POST',
    path: '/api/invitations/{id}/accept',
    auth: 'verifiedSession',
    summary: 'Joins the workspace with the invited role, within its plan limit.',
    request: { params: idParams },
    response: acceptInvitationResponse,
  },
  {
    id: 'declineInvitation',
    method: 'POST',
    path: '/api/invitations/{id}/decline',
    auth: 'verifiedSession',
    summary: 'Declines (removes) an invitation.',
    request: { params: idParams },
    response: okResponse,
  },
  {
    id: 'getAlertSettings',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/alert-settings',
    auth: 'verifiedSession',
    summary: "A workspace's alert channels, contact groups and thresholds.",
    request: { params: idParams },
    response: alertSettingsSchema,
  },
  {
    id: 'putAlertSettings',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/alert-settings',
    auth: 'verifiedSession',
    summary: "Replaces a workspace's alert settings (admin or workspace manager).",
    request: { params: idParams, body: alertSettingsBody },
    response: alertSettingsSchema,
  },
  {
    id: 'removeBouncedAddress',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/bounced-addresses/remove',
    auth: 'verifiedSession',
    summary:
      'Takes a contact address of the workspace off the suppression list once it is fixed (admin or workspace manager).',
    request: { params: idParams, body: removeBouncedAddressBody },
    response: alertSettingsSchema,
  },
  {
    id: 'setWorkspaceTwoFactorRequirement',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/two-factor-requirement',
    auth: 'verifiedSession',
    summary:
      'Requires two-factor authentication of every member, or stops requiring it (admin; team and enterprise plans; the admin must have it on).',
    request: { params: idParams, body: twoFactorRequirementBody },
    response: workspaceSchema,
  },
  {
    id: 'exportTokens',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/tokens/export',
    auth: 'verifiedSession',
    summary:
      'Every token of a workspace as a CSV or JSON file download, in the column order the import reads (members, viewers too).',
    request: { params: idParams, query: exportTokensQuery },
    response: exportTokensResponse,
    apiKey: 'workspace',
  },
  {
    id: 'getTokenMetrics',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/metrics',
    auth: 'verifiedSession',
    summary:
      "The workspace's tokens as Prometheus metrics (OpenMetrics text): each token's expiry timestamp and days left, labelled by category, type, section, name and source, and the count per expiry status (members, viewers too; read-only API keys suffice).",
    request: { params: idParams },
    response: tokenMetricsResponse,
    responseMediaType: 'application/openmetrics-text; version=1.0.0; charset=utf-8',
    apiKey: 'workspace',
  },
  {
    id: 'importTokens',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/imports',
    auth: 'verifiedSession',
    summary:
      'Imports up to 5,000 rows of CSV or JSON (admin or workspace manager): creates tokens, updates those of the same name and type, refuses invalid rows, duplicates and rows beyond the plan limit; dryRun answers the same without writing.',
    request: { params: idParams, body: importTokensBody },
    response: importTokensResponse,
    apiKey: 'workspace',
  },
  {
    id: 'reportScan',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/scans',
    auth: 'verifiedSession',
    summary:
      'Reports what a scan of the command-line tool found (certificate files, a Kubernetes cluster) (admin or workspace manager): tokens are matched by their id at the source within the scanner and scope, created, updated when changed and marked removed at source when gone under the scanned roots, never duplicated; dry_run answers the same without writing.',
    request: { params: idParams, body: reportScanBody },
    response: reportScanResponse,
    apiKey: 'workspace',
  },
  {
    id: 'transferTokens',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/transfer-tokens',
    auth: 'verifiedSession',
    summary: 'Moves tokens from another workspace (e.g. a frozen one) into this one.',
    request: { params: idParams, body: transferTokensBody },
    response: transferTokensResponse,
  },
  // Calendar feed
  {
    id: 'getCalendarFeed',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/calendar.ics',
    auth: 'public',
    summary:
      "A workspace's tokens as an iCalendar feed: one all-day event per expiry, reminders at the workspace's alert thresholds. No session: the feed's key in the query is the proof; a wrong key answers 404.",
    request: { params: idParams, query: calendarFeedQuery },
    response: calendarFeedResponse,
    responseMediaType: 'text/calendar',
  },
  {
    id: 'getCalendarFeedLink',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/calendar-feed',
    auth: 'verifiedSession',
    summary: "The calendar feed's path with its key (members).",
    request: { params: idParams },
    response: calendarFeedLinkResponse,
  },
  {
    id: 'rotateCalendarFeed',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/calendar-feed/rotate',
    auth: 'verifiedSession',
    summary:
      "Replaces the calendar feed's key: the old URL stops working (admin or workspace manager).",
    request: { params: idParams },
    response: calendarFeedLinkResponse,
  },
  // Discovery integrations
  {
    id: 'listIntegrations',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/integrations',
    auth: 'verifiedSession',
    summary:
      "A workspace's discovery integrations without their credentials, the plan's limit and the workspace's AWS external id (admin or workspace manager).",
    request: { params: idParams },
    response: listIntegrationsResponse,
  },
  {
    id: 'createIntegration',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations',
    auth: 'verifiedSession',
    summary:
      'Adds an AWS, GitLab or Vault integration within the plan limit (admin or workspace manager); its credentials are stored encrypted and never returned.',
    request: { params: idParams, body: createIntegrationBody },
    response: integrationSchema,
  },
  {
    id: 'updateIntegration',
    method: 'PATCH',
    path: '/api/v1/workspaces/{id}/integrations/{iid}',
    auth: 'verifiedSession',
    summary:
      "Changes an integration's name, schedule, enabled state, settings or credentials (admin or workspace manager).",
    request: { params: integrationParams, body: updateIntegrationBody },
    response: integrationSchema,
  },
  {
    id: 'deleteIntegration',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/integrations/{iid}',
    auth: 'verifiedSession',
    summary:
      'Removes an integration and its credentials; the tokens it found stay (admin or workspace manager).',
    request: { params: integrationParams },
    response: okResponse,
  },
  {
    id: 'syncIntegration',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations/{iid}/sync',
    auth: 'verifiedSession',
    summary:
      'Syncs an integration now (admin or workspace manager): creates, updates and marks removed at source the tokens it finds; answers the counts, changes, link candidates and errors (200, state done). A source too large to read within the request answers 202 (state running) with what was written so far, and the sync goes on in the background until the integration has no syncing_since.',
    request: { params: integrationParams },
    response: syncNowResponse,
    acceptedStatus: 202,
  },
  {
    id: 'previewIntegrationSync',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations/{iid}/preview',
    auth: 'verifiedSession',
    summary:
      'What a sync of the integration would do, without writing anything (admin or workspace manager).',
    request: { params: integrationParams },
    response: syncReportSchema,
  },
  {
    id: 'linkIntegrationToken',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations/{iid}/links',
    auth: 'verifiedSession',
    summary:
      "Links a token typed in by hand to a token the integration found with the same name and type (a sync's link candidate), so later syncs update it instead of offering it again (admin or workspace manager).",
    request: { params: integrationParams, body: linkIntegrationTokenBody },
    response: tokenResponse,
  },
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof routeTable)[number]['id'];

export function findRoute(id: RouteId): RouteDefinition {
  const route = routeTable.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}
