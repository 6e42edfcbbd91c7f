/**
 * Key builders for every entity of the single table. Keys are written (and read back, keyParts)
 * only here so that the shapes in ACCESS_PATTERNS.md have one implementation; the entity codecs
 * (entities/) and the record modules use these builders.
 */
import { tokenNameIndexKey } from '@expiry-radar/shared/domain/token-list-order';

/**
 * What a session item's partition key begins with: the IAM grant of the session's last-use write
 * names it (infra's permission `sessionLastUseWrite`), so it may touch no other item.
 */
export const SESSION_KEY_PREFIX = 'SESSION#';

export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Claims an address for one user; `email` is already lower-cased. */
  userEmail: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  session: (sessionIdHash: string) => ({
    pk: `${SESSION_KEY_PREFIX}${sessionIdHash}`,
    sk: 'SESSION',
  }),
  /** A user's two-factor authentication: the encrypted secret, recovery code hashes, last step. */
  twoFactor: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TWO_FACTOR' }),
  /** A sign-in waiting for its second step, by the hash of its cookie's value. */
  twoFactorChallenge: (challengeHash: string) => ({
    pk: `${TWO_FACTOR_CHALLENGE_PREFIX}${challengeHash}`,
    sk: 'TWO_FACTOR_CHALLENGE',
  }),
  /** What the browser that registered may ask about its registration, by its cookie's hash. */
  registrationWatch: (watchHash: string) => ({
    pk: `${REGISTRATION_WATCH_PREFIX}${watchHash}`,
    sk: 'REGISTRATION_WATCH',
  }),
  /** A verification or password-reset link's token, by its hash. */
  accountToken: (tokenHash: string) => ({ pk: `ACCOUNT_TOKEN#${tokenHash}`, sk: 'ACCOUNT_TOKEN' }),
  googleIdentity: (subject: string) => ({ pk: `GOOGLE#${subject}`, sk: 'GOOGLE' }),
  googleSignInState: (stateHash: string) => ({ pk: `OAUTH_STATE#${stateHash}`, sk: 'OAUTH_STATE' }),
  /** An email domain an organization (its owner's id) added, pending or verified. */
  organizationDomain: (organizationId: string, domain: string) => ({
    pk: `ORG#${organizationId}`,
    sk: `${ORGANIZATION_DOMAIN_SORT_PREFIX}${domain}`,
  }),
  /** Claims a verified email domain for one organization. */
  verifiedDomainClaim: (domain: string) => ({
    pk: `VERIFIED_DOMAIN#${domain}`,
    sk: 'VERIFIED_DOMAIN',
  }),
  /** An organization's one single sign-on connection. */
  ssoConnection: (organizationId: string) => ({
    pk: `ORG#${organizationId}`,
    sk: 'SSO_CONNECTION',
  }),
  /** An organization's SCIM bearer token (its hash) for provisioning from its identity provider. */
  scimToken: (organizationId: string) => ({ pk: `ORG#${organizationId}`, sk: 'SCIM_TOKEN' }),
  /** An account the organization's identity provider provisioned (the SCIM User, by account id). */
  scimUser: (organizationId: string, userId: string) => ({
    pk: `ORG#${organizationId}`,
    sk: `${SCIM_USER_SORT_PREFIX}${userId}`,
  }),
  /** A SCIM Group of the organization, with the workspace and role it is mapped to. */
  scimGroup: (organizationId: string, groupId: string) => ({
    pk: `ORG#${organizationId}`,
    sk: `${SCIM_GROUP_SORT_PREFIX}${groupId}`,
  }),
  /** One member of a SCIM Group: listed by group, and (the same fact) by user. */
  scimGroupMember: (organizationId: string, groupId: string, userId: string) => ({
    pk: `ORG#${organizationId}`,
    sk: `${SCIM_GROUP_MEMBER_SORT_PREFIX}${groupId}#${userId}`,
  }),
  scimUserGroup: (organizationId: string, userId: string, groupId: string) => ({
    pk: `ORG#${organizationId}`,
    sk: `${SCIM_USER_GROUP_SORT_PREFIX}${userId}#${groupId}`,
  }),
  /** A pending SSO sign-in, by the hash of its state. */
  ssoSignInState: (stateHash: string) => ({ pk: `SSO_STATE#${stateHash}`, sk: 'SSO_STATE' }),
  /** A provider's subject (organization, issuer, subject hashed) linked to the account it signs in as. */
  ssoIdentity: (subjectHash: string) => ({ pk: `SSO_SUBJECT#${subjectHash}`, sk: 'SSO_SUBJECT' }),
  /** A SAML authentication request we sent, by the hash of its RelayState. */
  samlRequest: (relayStateHash: string) => ({
    pk: `SAML_REQUEST#${relayStateHash}`,
    sk: 'SAML_REQUEST',
  }),
  /** A SAML assertion already used (organization, issuer and assertion id hashed), until it expires. */
  samlAssertion: (assertionHash: string) => ({
    pk: `SAML_ASSERTION#${assertionHash}`,
    sk: 'SAML_ASSERTION',
  }),
  workspace: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'WORKSPACE' }),
  /**
   * Claims a workspace name for one owner (`nameKey`: domain/workspace-names), so that no two of
   * their workspaces share a name without regard to case; holds the workspace's id.
   */
  workspaceName: (ownerId: string, nameKey: string) => ({
    pk: `USER#${ownerId}`,
    sk: `${WORKSPACE_NAME_SORT_PREFIX}${nameKey}`,
  }),
  membership: (workspaceId: string, userId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `MEMBER#${userId}`,
  }),
  /** A pending invitation of an address (lower-cased) that has no account in the workspace yet. */
  invitation: (workspaceId: string, email: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${INVITE_SORT_PREFIX}${email.toLowerCase()}`,
  }),
  rateLimit: (ruleName: string, subjectHash: string) => ({
    pk: `RATE#${ruleName}#${subjectHash}`,
    sk: 'RATE',
  }),
  /** A token lives under its workspace; its id also names the workspace (domain/token-ids). */
  token: (workspaceId: string, tokenId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${TOKEN_SORT_PREFIX}${tokenId}`,
  }),
  /**
   * The search index of a workspace (data/search-index.ts): one delta per token transaction,
   * packs of many tokens' entries, and the manifest naming the packs in use.
   */
  searchDelta: (workspaceId: string, deltaId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${SEARCH_DELTA_SORT_PREFIX}${deltaId}`,
  }),
  searchPack: (workspaceId: string, packId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${SEARCH_PACK_SORT_PREFIX}${packId}`,
  }),
  searchManifest: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'SEARCH#MANIFEST' }),
  /** A part of the search index's base (data/search-base.ts): a gram bucket or a chunk of ids. */
  searchBasePart: (workspaceId: string, baseId: string, part: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${SEARCH_BASE_SORT_PREFIX}${baseId}#${part}`,
  }),
  /**
   * When a token's TLS endpoints are checked next (the sparse due-alerts index, shards
   * `ENDPOINT_CHECK#<0..3>`); one per token that has endpoints.
   */
  endpointSchedule: (workspaceId: string, tokenId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${ENDPOINT_SCHEDULE_SORT_PREFIX}${tokenId}`,
  }),
  /**
   * When a domain registration token's domain is looked up next at its registry (the sparse
   * due-alerts index, shards `REGISTRATION_CHECK#<0..3>`); one per token that follows a domain.
   */
  registrationSchedule: (workspaceId: string, tokenId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${REGISTRATION_SCHEDULE_SORT_PREFIX}${tokenId}`,
  }),
  /** The IANA RDAP bootstrap file (`dns.json`) as the weekly bootstrap job last stored it. */
  rdapBootstrap: () => ({ pk: 'RDAP_BOOTSTRAP', sk: 'RDAP_BOOTSTRAP' }),
  /** A workspace's alert settings and its generic-webhook signing secret. */
  alertSettings: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'ALERT_SETTINGS' }),
  /** The rotation counter of a workspace's calendar feed keys (each member's key is derived). */
  calendarFeed: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'CALENDAR_FEED' }),
  /** A discovery integration of a workspace (AWS, GitLab, Vault) with its sealed credentials. */
  integration: (workspaceId: string, integrationId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${INTEGRATION_SORT_PREFIX}${integrationId}`,
  }),
  /**
   * A CA certificate a workspace's endpoint checks trust, by its id (the lower-case hexadecimal
   * SHA-256 of the certificate), so the same certificate cannot be stored twice.
   */
  trustedCertificateAuthority: (workspaceId: string, caId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${TRUSTED_CA_SORT_PREFIX}${caId}`,
  }),
  /**
   * A domain a workspace watches in certificate transparency logs, by its A-label: its settings,
   * the position it last read, and (the sparse due-alerts index, shards `CT_WATCH#<0..3>`) when it
   * is read next.
   */
  watchedDomain: (workspaceId: string, domain: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${WATCHED_DOMAIN_SORT_PREFIX}${domain}`,
  }),
  /**
   * A certificate seen for a workspace's watched domains, by its SHA-256: seen once, alerted once.
   */
  ctFinding: (workspaceId: string, certificateId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${CT_FINDING_SORT_PREFIX}${certificateId}`,
  }),
  /** A workspace's Cert Spotter API key, sealed as integration credentials are. */
  ctApiKey: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'CT_API_KEY' }),
  /** A Stripe webhook event already processed (idempotency; TTL). */
  stripeEvent: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'STRIPE_EVENT' }),
  /** Which user a Stripe customer belongs to (holds `userId`; gsi1 `USER#<userId>`). */
  stripeCustomer: (customerId: string) => ({
    pk: `STRIPE_CUSTOMER#${customerId}`,
    sk: 'STRIPE_CUSTOMER',
  }),
  auditEvent: (scopeKey: string, createdAt: string, eventId: string) => ({
    pk: scopeKey,
    sk: `${AUDIT_SORT_PREFIX}${createdAt}#${eventId}`,
  }),
  /**
   * One alert window of a token, under its workspace, by the time the window opens (newest
   * first in a descending query); the alert id names token, expiry date and threshold.
   */
  alert: (workspaceId: string, opensAt: string, alertId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${ALERT_SORT_PREFIX}${opensAt}#${alertId}`,
  }),
  /** Says every alert record of the workspace carries its entry in the alerts-by-time index. */
  alertTimeIndexMarker: (workspaceId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: 'ALERT_TIME_INDEX',
  }),
  /** How far the giving of index entries to a workspace's older alert records has come. */
  alertTimeIndexProgress: (workspaceId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: 'ALERT_TIME_INDEX_PROGRESS',
  }),
  /** What was done about a token's alerts for its current expiry (acknowledged, snoozed, renewed). */
  alertAction: (workspaceId: string, tokenId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${ALERT_ACTION_SORT_PREFIX}${tokenId}`,
  }),
  /** A PagerDuty webhook's V3 signing secret (its back-channel), sealed, by the webhook's name. */
  pagerDutySecret: (workspaceId: string, webhookName: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${PAGERDUTY_SECRET_SORT_PREFIX}${webhookName}`,
  }),
  /** The workspace's Slack app installation (its bot token sealed, its channel, its status). */
  slackInstallation: (workspaceId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: 'SLACK_INSTALLATION',
  }),
  /** An "Add to Slack" waiting for Slack's redirect, by the hash of its OAuth state. */
  slackOAuthState: (stateHash: string) => ({
    pk: `SLACK_OAUTH_STATE#${stateHash}`,
    sk: 'SLACK_OAUTH_STATE',
  }),
  /** A Slack interaction request taken once, by the hash of its signature (replays refused). */
  slackInteraction: (signatureHash: string) => ({
    pk: `SLACK_INTERACTION#${signatureHash}`,
    sk: 'SLACK_INTERACTION',
  }),
  /** An alert action link used once (its random id): it is refused after. */
  alertActionLinkUse: (linkId: string) => ({
    pk: `ALERT_ACTION_LINK#${linkId}`,
    sk: 'ALERT_ACTION_LINK',
  }),
  /** An address that stopped a workspace's alert emails (lower-cased), by its unsubscribe link. */
  alertEmailOptOut: (workspaceId: string, address: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${ALERT_EMAIL_OPT_OUT_SORT_PREFIX}${address.toLowerCase()}`,
  }),
  /**
   * An address on the suppression list (lower-cased): SES reported a permanent bounce or a
   * complaint for it, so nothing more is sent to it until it is removed.
   */
  emailSuppression: (address: string) => ({
    pk: `EMAIL_SUPPRESSION#${address.toLowerCase()}`,
    sk: 'EMAIL_SUPPRESSION',
  }),
  /** The alert deliveries an owner's plan counted in a month (`YYYY-MM`). */
  alertUsage: (ownerId: string, month: string) => ({
    pk: `USER#${ownerId}`,
    sk: `${ALERT_USAGE_SORT_PREFIX}${month}`,
  }),
  /** One of a user's API keys as their list shows it (keyed by id: revoke, last use). */
  apiKey: (userId: string, keyId: string) => ({
    pk: `USER#${userId}`,
    sk: `${API_KEY_SORT_PREFIX}${keyId}`,
  }),
  /** The same API key by the SHA-256 of its secret: what a Bearer request is checked against. */
  apiKeyCredential: (secretHash: string) => ({
    pk: `${API_KEY_SORT_PREFIX}${secretHash}`,
    sk: 'API_KEY',
  }),
  /** A user's weekly summary email: on or off, its time zone, when it goes out next. */
  weeklySummary: (userId: string) => ({ pk: `USER#${userId}`, sk: 'WEEKLY_SUMMARY' }),
  /** A workspace's alert attempts, successes and failures per channel kind in a month. */
  alertStats: (workspaceId: string, month: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `${ALERT_STATS_SORT_PREFIX}${month}`,
  }),
} as const;

/**
 * The ids the keys above hold, read back (codecs rebuild what an item stores only in its key);
 * undefined when the key has another shape.
 */
export const keyParts = {
  /** `USER#<userId>` */
  userId: (pk: string) => afterPrefix(pk, 'USER#'),
  /** `WS#<workspaceId>` */
  workspaceId: (pk: string) => afterPrefix(pk, 'WS#'),
  /** `ORG#<ownerUserId>` */
  organizationId: (pk: string) => afterPrefix(pk, 'ORG#'),
  /** `DOMAIN#<domain>` */
  organizationDomain: (sk: string) => afterPrefix(sk, ORGANIZATION_DOMAIN_SORT_PREFIX),
  /** `VERIFIED_DOMAIN#<domain>` */
  verifiedDomain: (pk: string) => afterPrefix(pk, 'VERIFIED_DOMAIN#'),
  /** `SCIM_USER#<userId>` */
  scimUserId: (sk: string) => afterPrefix(sk, SCIM_USER_SORT_PREFIX),
  /** `SCIM_GROUP#<groupId>` */
  scimGroupId: (sk: string) => afterPrefix(sk, SCIM_GROUP_SORT_PREFIX),
  /** `SSO_STATE#<stateHash>` */
  ssoStateHash: (pk: string) => afterPrefix(pk, 'SSO_STATE#'),
  /** `SESSION#<sessionIdHash>` */
  sessionIdHash: (pk: string) => afterPrefix(pk, 'SESSION#'),
  /** `TWO_FACTOR_CHALLENGE#<challengeHash>` */
  twoFactorChallengeHash: (pk: string) => afterPrefix(pk, TWO_FACTOR_CHALLENGE_PREFIX),
  /** `REGISTRATION_WATCH#<watchHash>` */
  registrationWatchHash: (pk: string) => afterPrefix(pk, REGISTRATION_WATCH_PREFIX),
  /** `ACCOUNT_TOKEN#<tokenHash>` */
  accountTokenHash: (pk: string) => afterPrefix(pk, ACCOUNT_TOKEN_SORT_PREFIX),
  /** `OAUTH_STATE#<stateHash>` */
  googleSignInStateHash: (pk: string) => afterPrefix(pk, 'OAUTH_STATE#'),
  /** `RATE#<ruleName>#<subjectHash>` (the hash holds no `#`; a rule name may) */
  rateLimit: (pk: string) => {
    const rest = afterPrefix(pk, 'RATE#');
    const separator = rest?.lastIndexOf('#') ?? -1;
    if (rest === undefined || separator <= 0 || separator === rest.length - 1) return undefined;
    return { ruleName: rest.slice(0, separator), subjectHash: rest.slice(separator + 1) };
  },
  /** `SEARCH#DELTA#<deltaId>` */
  searchDeltaId: (sk: string) => afterPrefix(sk, SEARCH_DELTA_SORT_PREFIX),
  /** `SEARCH#PACK#<packId>` */
  searchPackId: (sk: string) => afterPrefix(sk, SEARCH_PACK_SORT_PREFIX),
  /** `SEARCH#BASE#<baseId>#<part>` */
  searchBasePart: (sk: string) => afterPrefix(sk, SEARCH_BASE_SORT_PREFIX),
  /** `ENDPOINT_SCHEDULE#<tokenId>` */
  endpointScheduleTokenId: (sk: string) => afterPrefix(sk, ENDPOINT_SCHEDULE_SORT_PREFIX),
  /** `REGISTRATION_SCHEDULE#<tokenId>` */
  registrationScheduleTokenId: (sk: string) => afterPrefix(sk, REGISTRATION_SCHEDULE_SORT_PREFIX),
  /** `INTEGRATION#<integrationId>` */
  integrationId: (sk: string) => afterPrefix(sk, INTEGRATION_SORT_PREFIX),
  /** `TRUSTED_CA#<caId>` */
  trustedCertificateAuthorityId: (sk: string) => afterPrefix(sk, TRUSTED_CA_SORT_PREFIX),
  /** `WATCHED_DOMAIN#<domain>` */
  watchedDomain: (sk: string) => afterPrefix(sk, WATCHED_DOMAIN_SORT_PREFIX),
  /** `CT_FINDING#<certificateId>` */
  ctFindingId: (sk: string) => afterPrefix(sk, CT_FINDING_SORT_PREFIX),
  /** `ALERT_USAGE#<YYYY-MM>` */
  alertUsageMonth: (sk: string) => afterPrefix(sk, ALERT_USAGE_SORT_PREFIX),
  /** `ALERT_STATS#<YYYY-MM>` */
  alertStatsMonth: (sk: string) => afterPrefix(sk, ALERT_STATS_SORT_PREFIX),
} as const;

function afterPrefix(key: string, prefix: string): string | undefined {
  return key.startsWith(prefix) && key.length > prefix.length
    ? key.slice(prefix.length)
    : undefined;
}

export const AUDIT_SORT_PREFIX = 'AUDIT#';
export const API_KEY_SORT_PREFIX = 'API_KEY#';
const TWO_FACTOR_CHALLENGE_PREFIX = 'TWO_FACTOR_CHALLENGE#';
const REGISTRATION_WATCH_PREFIX = 'REGISTRATION_WATCH#';
export const MEMBER_SORT_PREFIX = 'MEMBER#';
export const TOKEN_SORT_PREFIX = 'TOKEN#';
export const ALERT_SORT_PREFIX = 'ALERT#';
export const ALERT_EMAIL_OPT_OUT_SORT_PREFIX = 'EMAIL_OPT_OUT#';
export const ALERT_ACTION_SORT_PREFIX = 'ALERT_ACTION#';
export const PAGERDUTY_SECRET_SORT_PREFIX = 'PAGERDUTY_SECRET#';
export const ENDPOINT_SCHEDULE_SORT_PREFIX = 'ENDPOINT_SCHEDULE#';
export const REGISTRATION_SCHEDULE_SORT_PREFIX = 'REGISTRATION_SCHEDULE#';
export const SEARCH_DELTA_SORT_PREFIX = 'SEARCH#DELTA#';
export const INTEGRATION_SORT_PREFIX = 'INTEGRATION#';
export const SEARCH_PACK_SORT_PREFIX = 'SEARCH#PACK#';
export const SEARCH_BASE_SORT_PREFIX = 'SEARCH#BASE#';
export const TRUSTED_CA_SORT_PREFIX = 'TRUSTED_CA#';
export const WATCHED_DOMAIN_SORT_PREFIX = 'WATCHED_DOMAIN#';
export const ORGANIZATION_DOMAIN_SORT_PREFIX = 'DOMAIN#';
export const CT_FINDING_SORT_PREFIX = 'CT_FINDING#';
export const SCIM_USER_SORT_PREFIX = 'SCIM_USER#';
export const SCIM_GROUP_SORT_PREFIX = 'SCIM_GROUP#';
export const SCIM_GROUP_MEMBER_SORT_PREFIX = 'SCIM_GROUP_MEMBER#';
export const SCIM_USER_GROUP_SORT_PREFIX = 'SCIM_USER_GROUP#';
const ALERT_USAGE_SORT_PREFIX = 'ALERT_USAGE#';
const ALERT_STATS_SORT_PREFIX = 'ALERT_STATS#';

/**
 * gsi2 (tokens by expiry) and gsi3 (tokens by lower-cased name) share one partition per
 * workspace and category; the token id ends each sort key so equal dates or names stay ordered.
 */
export const tokenIndexKeys = {
  partition: (workspaceId: string, category: string) => `WS#${workspaceId}#CAT#${category}`,
  byExpiry: (expiresAt: string, tokenId: string) => `${expiresAt}#${tokenId}`,
  byName: tokenNameIndexKey,
} as const;

/**
 * The alerts of a workspace by when they were queued (INDEX_NAMES.alertsByTime, on gsi2 beside
 * the tokens' partitions): `<createdAt>#<the record's sk>`, so alerts queued by one scan follow
 * their windows. The marker's sort key follows every ISO instant, so a descending query reads it
 * first.
 */
export const alertTimeIndexKeys = {
  partition: (workspaceId: string) => `WS#${workspaceId}#ALERTS`,
  entry: (createdAt: string, alertSortKey: string) => `${createdAt}#${alertSortKey}`,
  marker: '~INDEXED',
} as const;
export const INVITE_SORT_PREFIX = 'INVITE#';
export const WORKSPACE_NAME_SORT_PREFIX = 'WORKSPACE_NAME#';

/**
 * gsi1 (INDEX_NAMES.byAlternateKey) entries. Every item that belongs to a user (sessions,
 * memberships, link tokens, the email claim, the Google link, workspace name claims) carries
 * `gsi1pk = USER#<id>`, so one query finds them all, e.g. to revoke sessions or delete the account.
 */
export const gsi1 = {
  userItems: (userId: string) => `USER#${userId}`,
  session: (userId: string, sessionIdHash: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `SESSION#${sessionIdHash}`,
  }),
  membership: (userId: string, workspaceId: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `WS#${workspaceId}`,
  }),
  accountToken: (userId: string, tokenHash: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `${ACCOUNT_TOKEN_SORT_PREFIX}${tokenHash}`,
  }),
  userEmail: (userId: string, email: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `EMAIL#${email.toLowerCase()}`,
  }),
  googleIdentity: (userId: string, subject: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `GOOGLE#${subject}`,
  }),
  ssoIdentity: (userId: string, subjectHash: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `SSO_SUBJECT#${subjectHash}`,
  }),
  twoFactor: (userId: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: 'TWO_FACTOR',
  }),
  twoFactorChallenge: (userId: string, challengeHash: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `${TWO_FACTOR_CHALLENGE_PREFIX}${challengeHash}`,
  }),
  /** On a registration's watch of the account it created (none for a taken address). */
  registrationWatch: (userId: string, watchHash: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `${REGISTRATION_WATCH_PREFIX}${watchHash}`,
  }),
  stripeCustomer: (userId: string, customerId: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `STRIPE_CUSTOMER#${customerId}`,
  }),
  /** On both items of an API key: the account's deletion removes them with its other items. */
  apiKey: (userId: string, keyId: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `${API_KEY_SORT_PREFIX}${keyId}`,
  }),
  apiKeyCredential: (userId: string, secretHash: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `API_KEY_CREDENTIAL#${secretHash}`,
  }),
  /** On the weekly summary item: the account's deletion removes it with its other items. */
  weeklySummary: (userId: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: 'WEEKLY_SUMMARY',
  }),
  /** On workspace name claims: the account's deletion removes them with its other items. */
  workspaceName: (ownerId: string, nameKey: string) => ({
    gsi1pk: gsi1.userItems(ownerId),
    gsi1sk: `${WORKSPACE_NAME_SORT_PREFIX}${nameKey}`,
  }),
  /** On workspace items: the workspaces a user owns, oldest first (not `USER#`: not the user's). */
  ownedWorkspaces: (ownerId: string) => `OWNER#${ownerId}`,
  ownedWorkspace: (ownerId: string, createdAt: string, workspaceId: string) => ({
    gsi1pk: gsi1.ownedWorkspaces(ownerId),
    gsi1sk: `WS#${createdAt}#${workspaceId}`,
  }),
  /** On invitation items: the invitations of an address, to join them when it signs in. */
  invitationsOf: (email: string) => `INVITE#${email.toLowerCase()}`,
  invitation: (email: string, workspaceId: string) => ({
    gsi1pk: gsi1.invitationsOf(email),
    gsi1sk: `WS#${workspaceId}`,
  }),
  /** On audit events: the events a user acted in, newest first. */
  auditActor: (actorId: string) => `ACTOR#${actorId}`,
  auditEvent: (actorId: string, createdAt: string, eventId: string) => ({
    gsi1pk: gsi1.auditActor(actorId),
    gsi1sk: `${AUDIT_SORT_PREFIX}${createdAt}#${eventId}`,
  }),
  /** Sparse, on alert records: the alerts of a workspace that wait for a person (requeue). */
  alertsNeedingAttention: (workspaceId: string) => `ALERTS_ATTENTION#${workspaceId}`,
  alertNeedingAttention: (workspaceId: string, alertSortKey: string) => ({
    gsi1pk: gsi1.alertsNeedingAttention(workspaceId),
    gsi1sk: alertSortKey,
  }),
} as const;

export const SESSION_SORT_PREFIX = 'SESSION#';
export const ACCOUNT_TOKEN_SORT_PREFIX = 'ACCOUNT_TOKEN#';
export const MEMBERSHIP_SORT_PREFIX = 'WS#';

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
