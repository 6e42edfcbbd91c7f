/**
 * The waiting page after registering has no session to ask whether the address was verified
 * (registering starts none, so that nobody learns which addresses have accounts). Each
 * registration gets a watch instead, in its own cookie: of a new address, on the account it
 * created; of an address that already had an account, on nobody, so it answers "not verified"
 * forever and tells nothing about that account.
 */
import { REGISTRATION_WATCH_LIFETIME_SECONDS } from '../../domain/account-policy';
import {
  createRegistrationWatch,
  findWatchedAccount,
  type NewRegistrationWatch,
} from '../../data/registration-watch-records';

export type { NewRegistrationWatch } from '../../data/registration-watch-records';

/** Starts the watch of a registration; `createdUserId` is null for an address already taken. */
export function startRegistrationWatch(
  createdUserId: string | null,
  now: Date,
): Promise<NewRegistrationWatch> {
  return createRegistrationWatch({
    createdUserId,
    lifetimeSeconds: REGISTRATION_WATCH_LIFETIME_SECONDS,
    now,
  });
}

export type RegistrationVerification =
  { readonly verified: false } | { readonly verified: true; readonly email: string };

/**
 * Verified, with the account's address, only once the account a registration created has a
 * verified address; not verified alike for no watch, an unknown or expired one, and one of an
 * address that already had an account.
 */
export async function registrationVerification(
  watchId: string | undefined,
  now: Date,
): Promise<RegistrationVerification> {
  if (!watchId) return { verified: false };
  const account = await findWatchedAccount(watchId, now);
  return account?.emailVerified === true
    ? { verified: true, email: account.email }
    : { verified: false };
}
