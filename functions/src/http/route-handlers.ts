/**
 * Which routes of the shared route table are implemented, and where: the path of each handler
 * module relative to this folder. Every module exports `handler`. The CDK api stack makes one
 * Lambda function per entry; the local server mounts the same modules.
 */
import type { RouteId } from '@expiry-radar/shared/api/route-table';

export const routeHandlerFiles: Partial<Record<RouteId, string>> = {
  getSession: 'session/get-session.ts',
  getCsrfToken: 'session/get-csrf-token.ts',
  getHealth: 'health/get-health.ts',
  login: 'auth/login.ts',
  register: 'auth/register.ts',
  logout: 'auth/logout.ts',
  updateAccount: 'auth/update-account.ts',
  deleteAccount: 'auth/delete-account.ts',
  verifyEmail: 'auth/verify-email.ts',
  resendVerification: 'auth/resend-verification.ts',
  requestPasswordReset: 'auth/request-password-reset.ts',
  resetPassword: 'auth/reset-password.ts',
  googleSignIn: 'auth/google-sign-in.ts',
  googleCallback: 'auth/google-callback.ts',
};
