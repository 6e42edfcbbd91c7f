/**
 * Where the verification link (`GET /auth/verify-email`) sends the browser. The server builds
 * these redirects and the web's /verify-email page reads the error value, so both use these.
 */
import { appRedirectPath } from './app-redirect';

export const VERIFICATION_ERROR_PARAM = 'error';
export const INVALID_VERIFICATION_LINK = 'invalid_or_expired';

/** On the dashboard after a used verification link: the welcome (and, signed out, sign-in's note). */
export const VERIFICATION_SUCCESS_PARAM = 'verification_success';
export const VERIFIED_REDIRECT = `/dashboard?${VERIFICATION_SUCCESS_PARAM}=true`;
/**
 * On the dashboard after a used email-change link: "Your email address is now …" (not the new
 * account's welcome).
 */
export const EMAIL_CHANGED_PARAM = 'email_changed';
export const EMAIL_CHANGED_REDIRECT = `/dashboard?${EMAIL_CHANGED_PARAM}=true`;
export const INVALID_VERIFICATION_LINK_REDIRECT = `/verify-email?${VERIFICATION_ERROR_PARAM}=${INVALID_VERIFICATION_LINK}`;

/**
 * Where a used verification link lands: the app path the user was on their way to when they
 * registered (a plan's checkout from /pricing), checked again as a same-origin app path; the
 * dashboard with its welcome otherwise.
 */
export function verifiedRedirect(redirect: string | null | undefined): string {
  return appRedirectPath(redirect) ?? VERIFIED_REDIRECT;
}
