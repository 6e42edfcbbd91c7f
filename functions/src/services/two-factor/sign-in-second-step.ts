/**
 * The second step of a sign-in. When the password (or Google) step passes for an account with
 * two-factor authentication, no session starts: a pending sign-in does, in its own short-lived
 * cookie that no other route reads (so it opens nothing else). The second step takes that cookie
 * and a code; only then is a session created, as after any sign-in.
 */
import { TWO_FACTOR_SIGN_IN_LIFETIME_SECONDS } from '../../domain/account-policy';
import {
  consumeTwoFactorChallenge,
  createTwoFactorChallenge,
  findTwoFactorChallenge,
  type SignInMethod,
  type TwoFactorChallengeRecord,
} from '../../data/two-factor-challenge-records';
import type { NewTwoFactorChallenge } from '../../data/two-factor-challenge-records';
import { findUserWithRevocation, type UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';

export type { NewTwoFactorChallenge } from '../../data/two-factor-challenge-records';

/** Starts the pending sign-in of a user whose first step passed. */
export function startSecondStep(options: {
  user: Pick<UserRecord, 'id'>;
  method: SignInMethod;
  redirect?: string | null;
  now: Date;
}): Promise<NewTwoFactorChallenge> {
  return createTwoFactorChallenge({
    userId: options.user.id,
    method: options.method,
    redirect: options.redirect ?? null,
    lifetimeSeconds: TWO_FACTOR_SIGN_IN_LIFETIME_SECONDS,
    now: options.now,
  });
}

export interface PendingSignIn {
  readonly challenge: TwoFactorChallengeRecord;
  readonly user: UserRecord;
}

const expired = () => new AppError('TWO_FACTOR_SIGN_IN_EXPIRED');

/**
 * The pending sign-in a cookie names and its user: 401 TWO_FACTOR_SIGN_IN_EXPIRED when there is
 * none, it expired, the account is gone or no longer has two-factor authentication, or its
 * sessions were revoked after it started (a password reset).
 */
export async function findPendingSignIn(
  challengeId: string | undefined,
  now: Date,
): Promise<PendingSignIn> {
  if (!challengeId) throw expired();
  const challenge = await findTwoFactorChallenge(challengeId, now);
  if (!challenge) throw expired();
  const found = await findUserWithRevocation(challenge.userId);
  if (!found || !found.user.twoFactorEnabled) throw expired();
  if (found.sessionsValidFrom !== null && challenge.createdAt < found.sessionsValidFrom) {
    throw expired();
  }
  return { challenge, user: found.user };
}

/** Ends the pending sign-in once its code was accepted (401 when another request ended it). */
export async function completeSecondStep(challengeId: string, now: Date) {
  const challenge = await consumeTwoFactorChallenge(challengeId, now);
  if (!challenge) throw expired();
  return challenge;
}
