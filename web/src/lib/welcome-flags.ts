import { localStore, storageKeys } from './local-store';

/** Query parameters that open the welcome dialog when `true`. */
export const WELCOME_PARAMS = ['new_user', 'first_login', 'registered', 'verification_success'];

export function hasWelcomeParam(search: URLSearchParams): boolean {
  return WELCOME_PARAMS.some((name) => search.get(name) === 'true');
}

/** The search without the welcome parameters. */
export function withoutWelcomeParams(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of WELCOME_PARAMS) next.delete(name);
  return next;
}

/** What a pending welcome kept from a registration holds: when the registration was sent. */
const REGISTERED_PREFIX = 'registered:';
/**
 * How much earlier than the registration an account may be dated and still be the one it made:
 * the account's date is the server's clock, the registration's this browser's.
 */
const CLOCK_SKEW_MS = 10 * 60 * 1000;

/** Remembers that a welcome is due: a welcome flag seen before the session could use the app. */
export function markWelcomePending(): void {
  localStore.set(storageKeys.pendingWelcome, 'true');
}

/**
 * Remembers that a registration was sent. Registering answers the same for an address that has an
 * account already (its owner gets a sign-in reminder instead), so the welcome it leaves pending is
 * for an account made since only, not for that one.
 */
export function markRegistrationWelcomePending(now: Date = new Date()): void {
  localStore.set(storageKeys.pendingWelcome, `${REGISTERED_PREFIX}${now.toISOString()}`);
}

/** Whether a welcome is pending for the signed-in account, made at `accountCreatedAt`. */
export function isWelcomePending(accountCreatedAt: string | undefined): boolean {
  const pending = localStore.get(storageKeys.pendingWelcome);
  if (pending === 'true') return true;
  if (!pending?.startsWith(REGISTERED_PREFIX) || accountCreatedAt === undefined) return false;
  const registeredAt = Date.parse(pending.slice(REGISTERED_PREFIX.length));
  return Date.parse(accountCreatedAt) >= registeredAt - CLOCK_SKEW_MS;
}

export function clearWelcomePending(): void {
  localStore.remove(storageKeys.pendingWelcome);
}
