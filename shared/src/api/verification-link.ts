/**
 * Where the verification link (`GET /auth/verify-email`) sends the browser. The server builds
 * these redirects and the web's /verify-email page reads the error value, so both use these.
 */
export const VERIFICATION_ERROR_PARAM = 'error';
export const INVALID_VERIFICATION_LINK = 'invalid_or_expired';

export const VERIFIED_REDIRECT = '/dashboard?verification_success=true';
export const INVALID_VERIFICATION_LINK_REDIRECT = `/verify-email?${VERIFICATION_ERROR_PARAM}=${INVALID_VERIFICATION_LINK}`;
