/**
 * Sign-in after a verification: the router state that says where a used verification link lands
 * (the dashboard's welcome), as the route guard records a protected page it sent to sign in. The
 * sign-in page then says the address is verified, and goes there once signed in.
 */
import {
  VERIFICATION_SUCCESS_PARAM,
  VERIFIED_REDIRECT,
} from '@expiry-radar/shared/api/verification-link';

// Only the path and query are used; the base just makes VERIFIED_REDIRECT a URL.
const verifiedLanding = new URL(VERIFIED_REDIRECT, 'https://app.invalid');

/**
 * What the waiting page hands sign-in once the address was verified elsewhere. One object, so
 * that a `<Navigate>` rendered again while sign-in loads does not navigate again.
 */
export const VERIFIED_SIGN_IN_STATE = Object.freeze({
  from: Object.freeze({ pathname: verifiedLanding.pathname, search: verifiedLanding.search }),
});

/** True when the page that sent the visitor here is the one a used verification link opens. */
export function arrivedFromVerification(state: unknown): boolean {
  const search = (state as { from?: { search?: string } } | null)?.from?.search ?? '';
  return new URLSearchParams(search).get(VERIFICATION_SUCCESS_PARAM) === 'true';
}
