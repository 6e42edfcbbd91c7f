/**
 * The signed-in user's sessions (Account settings → Where you're signed in): listed, and signed
 * out one by one. A session is named by an opaque id that cannot sign anyone in.
 */
import * as z from 'zod';

/** How the user signed in to start a session. */
export const SIGN_IN_METHOD_NAMES = ['password', 'google', 'sso'] as const;
export type SignInMethodName = (typeof SIGN_IN_METHOD_NAMES)[number];

/** The opaque ids the list answers have this many characters. */
export const SESSION_REF_LENGTH = 16;

export const SESSION_MESSAGES = {
  idRequired: 'Session id is required',
  notFound: 'Session not found.',
  currentSession: 'This is the session you are using: use Sign out to end it.',
} as const;

export const sessionParams = z.object({
  id: z
    .string({ error: SESSION_MESSAGES.idRequired })
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, SESSION_MESSAGES.idRequired)
    .length(SESSION_REF_LENGTH, SESSION_MESSAGES.idRequired),
});

export const accountSessionSchema = z.object({
  /** Names the session to sign it out; not its cookie, and no use as one. */
  id: z.string(),
  created_at: z.string(),
  /** Written at most once an hour; null for a session that predates it. */
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  /** The browser and system it was started on: "Chrome on Linux", else "Unknown browser". */
  device: z.string(),
  /** Null for a session that predates it. */
  sign_in_method: z.enum(SIGN_IN_METHOD_NAMES).nullable(),
  /** A second step was passed at sign-in (the two-factor code, or the identity provider's). */
  two_factor: z.boolean(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const listSessionsResponse = z.object({
  /** Active sessions, newest first. */
  items: z.array(accountSessionSchema),
});
export type ListSessionsResponse = z.infer<typeof listSessionsResponse>;
