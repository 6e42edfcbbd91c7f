/**
 * Confirming that the person at the keyboard is the account's owner before a two-factor change:
 * the password when the account has one (its wrong guesses limited like any current-password
 * check), else (accounts that sign in only with Google) a sign-in within the last 10 minutes.
 */
import { isRecentSignIn } from '../../domain/account-policy';
import { verifyPassword } from '../../domain/password-hashing';
import { findUserCredentials, type UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { passwordCheckSucceeded, startPasswordCheck } from '../accounts/account-rate-limits';

export interface Confirmation {
  readonly user: Pick<UserRecord, 'id' | 'email'>;
  readonly signedInAt: string;
  readonly password: string | undefined;
  readonly now: Date;
}

/** Whether the account has a password (accounts that sign in only with Google have none). */
export async function hasPassword(userId: string): Promise<boolean> {
  return ((await findUserCredentials(userId))?.passwordHash ?? null) !== null;
}

/** Throws unless the password is right, or the account has none and signed in minutes ago. */
export async function confirmIdentity({ user, signedInAt, password, now }: Confirmation) {
  const credentials = await findUserCredentials(user.id);
  if (!credentials) throw new AppError('UNAUTHORIZED');
  if (credentials.passwordHash === null) {
    if (!isRecentSignIn(signedInAt, now)) throw new AppError('REAUTHENTICATION_REQUIRED');
    return;
  }
  if (!password) throw new AppError('REAUTHENTICATION_REQUIRED');
  await startPasswordCheck(user.email, { userId: user.id }, now);
  if (!(await verifyPassword(password, credentials.passwordHash))) {
    throw new AppError('INVALID_CURRENT_PASSWORD');
  }
  await passwordCheckSucceeded(user.email, { userId: user.id }, now);
}
