import type { LoginBody, RegisterBody } from '@expiry-radar/shared/api/auth-schemas';
import { call, routeUrl } from '../../../lib/api-call';

/** The account calls (route table: login, register, logout, verification, reset). */

export function login(body: LoginBody) {
  return call('login', { body });
}

export function register(body: RegisterBody) {
  return call('register', { body });
}

export function logout() {
  return call('logout');
}

export function resendVerificationEmail() {
  return call('resendVerification');
}

export function requestPasswordReset(email: string) {
  return call('requestPasswordReset', { body: { email } });
}

export function resetPassword(token: string, password: string) {
  return call('resetPassword', { body: { token, password } });
}

/** Google sign-in is a full-page navigation to the server. */
export function googleSignInUrl(): string {
  return routeUrl('googleSignIn');
}
