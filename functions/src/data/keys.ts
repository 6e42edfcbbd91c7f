/**
 * Key builders for every entity of the single table. Keys are written only here so that the
 * shapes in ACCESS_PATTERNS.md have one implementation.
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Claims an address for one user; `email` is already lower-cased. */
  userEmail: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  session: (sessionIdHash: string) => ({ pk: `SESSION#${sessionIdHash}`, sk: 'SESSION' }),
  /** A verification or password-reset link's token, by its hash. */
  accountToken: (tokenHash: string) => ({ pk: `ACCOUNT_TOKEN#${tokenHash}`, sk: 'ACCOUNT_TOKEN' }),
  googleIdentity: (subject: string) => ({ pk: `GOOGLE#${subject}`, sk: 'GOOGLE' }),
  googleSignInState: (stateHash: string) => ({ pk: `OAUTH_STATE#${stateHash}`, sk: 'OAUTH_STATE' }),
  workspace: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'WORKSPACE' }),
  membership: (workspaceId: string, userId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `MEMBER#${userId}`,
  }),
  rateLimit: (ruleName: string, subjectHash: string) => ({
    pk: `RATE#${ruleName}#${subjectHash}`,
    sk: 'RATE',
  }),
  auditEvent: (scopeKey: string, createdAt: string, eventId: string) => ({
    pk: scopeKey,
    sk: `${AUDIT_SORT_PREFIX}${createdAt}#${eventId}`,
  }),
} as const;

export const AUDIT_SORT_PREFIX = 'AUDIT#';
export const MEMBER_SORT_PREFIX = 'MEMBER#';

/**
 * gsi1 (INDEX_NAMES.byAlternateKey) entries. Every item that belongs to a user (sessions,
 * memberships, link tokens, the email claim, the Google link) carries `gsi1pk = USER#<id>`, so
 * one query finds them all, e.g. to revoke sessions or delete the account.
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
    gsi1sk: `ACCOUNT_TOKEN#${tokenHash}`,
  }),
  userEmail: (userId: string, email: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `EMAIL#${email.toLowerCase()}`,
  }),
  googleIdentity: (userId: string, subject: string) => ({
    gsi1pk: gsi1.userItems(userId),
    gsi1sk: `GOOGLE#${subject}`,
  }),
} as const;

export const SESSION_SORT_PREFIX = 'SESSION#';
export const MEMBERSHIP_SORT_PREFIX = 'WS#';

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
