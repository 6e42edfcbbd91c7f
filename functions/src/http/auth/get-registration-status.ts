import { RATE_LIMITS } from '../../domain/account-policy';
import { enforceRateLimits } from '../../services/accounts/account-rate-limits';
import { registrationVerification } from '../../services/accounts/registration-watch';
import { clientIp } from '../pipeline/client-ip';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { REGISTRATION_COOKIE } from '../pipeline/registration-cookie';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/**
 * `GET /auth/registration`: what the waiting page after registering asks every few seconds.
 * `{ verified: true, email }` once the account this browser's registration created has verified
 * its address (the address this browser typed, for the sign-in page the verification link opens);
 * `{ verified: false }` for everything else (no cookie, an unknown or expired one, an
 * address that already had an account), with the same reads, so the answer never tells them
 * apart. Starts no session. Limited per client address.
 */
export const handler = createHttpHandler(
  accountRoutes.getRegistrationStatus,
  async ({ cookies, event, now }) => {
    // Read beside the limit's count, not after it (one round trip; over the limit, the 429 wins).
    const [verification] = await Promise.all([
      registrationVerification(cookies[REGISTRATION_COOKIE], now),
      enforceRateLimits([[RATE_LIMITS.registrationStatusPerIp, clientIp(event)]], now),
    ]);
    return { body: verification };
  },
);
