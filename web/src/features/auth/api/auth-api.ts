import type { LoginBody } from '@expiry-radar/shared/api/auth-schemas';
import { apiRequest } from '../../../lib/api-client';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { sessionSchema } from '../../session/api/session-schema';

/** The account calls of spec §7 (route table: login, register, logout, verification, reset). */

export function login(body: LoginBody) {
  return apiRequest('/auth/login', { method: 'POST', body, schema: sessionSchema });
}

export function register(body: { email: string; password: string; name?: string }) {
  return apiRequest('/auth/register', { method: 'POST', body, schema: sessionSchema });
}

export function logout() {
  return apiRequest('/api/logout', { method: 'POST' });
}

/** Silent: the page shows the failure, and the wait, itself. */
export function resendVerificationEmail() {
  return apiRequest('/auth/verify-email/resend', { method: 'POST', silent: true });
}

/** Silent: the page shows the failure, and the wait, itself. */
export function requestPasswordReset(email: string) {
  return apiRequest('/auth/reset-password/request', {
    method: 'POST',
    body: { email },
    silent: true,
  });
}

export function resetPassword(token: string, password: string) {
  return apiRequest('/auth/reset-password', { method: 'POST', body: { token, password } });
}

/** Google sign-in is a full-page navigation to the server. */
export function googleSignInUrl(): string {
  return `${getRuntimeConfig().apiBaseUrl}/auth/google`;
}
