// zod/mini: the session is read on every page, the landing included (bundle budget).
import * as z from 'zod/mini';

/**
 * The session (getSession) as the web reads it: the route table's sessionResponse in zod/mini,
 * with `features` optional.
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  avatar: z.nullable(z.string()),
  plan: z.string(),
  downgraded: z.boolean(),
  /** Signs in with a second factor; workspaces that require it are open to this user. */
  twoFactorEnabled: z.optional(z.boolean()),
  /** The address the user asked to move to, in force once its emailed link is used. */
  pendingEmail: z.optional(z.nullable(z.string())),
  /** When the account was made: a welcome kept from a registration is for it only. */
  createdAt: z.optional(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  loggedIn: z.boolean(),
  user: z.optional(sessionUserSchema),
  needsVerification: z.optional(z.boolean()),
  /** What the server has configured (Google sign-in is shown only when it says so). */
  features: z.optional(z.object({ googleSignIn: z.optional(z.boolean()) })),
});
export type Session = z.infer<typeof sessionSchema>;

export const LOGGED_OUT: Session = { loggedIn: false };
