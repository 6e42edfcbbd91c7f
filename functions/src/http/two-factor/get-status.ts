import { findTwoFactor } from '../../data/two-factor-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { twoFactorRoutes } from '@expiry-radar/shared/api/routes/two-factor-routes';

/**
 * `GET /api/account/two-factor`: whether two-factor authentication is on and how many recovery
 * codes are left. The secret is never answered (a pending enrolment counts as off).
 */
export const handler = createHttpHandler(
  twoFactorRoutes.getTwoFactorStatus,
  async ({ session }) => {
    const { user } = requireSession(session);
    const twoFactor = await findTwoFactor(user.id);
    const enabled = twoFactor?.status === 'enabled';
    return {
      body: {
        enabled,
        enabledAt: enabled ? twoFactor.enabledAt : null,
        recoveryCodesRemaining: enabled ? twoFactor.recoveryCodeHashes.size : 0,
      },
    };
  },
);
