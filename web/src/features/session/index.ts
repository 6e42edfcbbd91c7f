/**
 * The session feature's public entry: who is signed in (checked on load), and the few changes
 * other features make to the cached session. Everything here is in the landing bundle: no zod.
 */
export { applySessionUser, refreshSession, replaceSession } from './api/session-cache';
export { sessionQueryOptions } from './api/session-queries';
export type { Session, SessionUser } from './api/session-schema';
export { SessionCheckFailed } from './components/session-check-failed';
export { useSession } from './hooks/use-session';
export { useSignedInHint } from './hooks/use-signed-in-hint';
export { useVerificationWatch } from './hooks/use-verification-watch';
export { signedOutState, useSignedOutCleanup } from './hooks/use-signed-out-cleanup';
