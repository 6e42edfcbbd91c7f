import { googleOpenIdProvider } from '../../adapters/google-openid-client';
import { saveGoogleSignInState } from '../../data/google-sign-in-records';
import { AppError } from '../../platform/app-error';
import { getConfig, isGoogleSignInConfigured } from '../../platform/config';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { googleStateCookie } from '../pipeline/google-state-cookie';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

export const DEFAULT_SIGN_IN_REDIRECT = '/dashboard';

/**
 * `GET /auth/google`: starts the OpenID Connect flow (state, PKCE, nonce kept server-side for ten
 * minutes) and redirects to Google. 404 when Google sign-in is not configured.
 */
export const handler = createHttpHandler(
  accountRoutes.googleSignIn,
  async ({ query, now, secureCookies }) => {
    const { google } = getConfig();
    if (!isGoogleSignInConfigured(google)) throw new AppError('NOT_FOUND');
    const request = await googleOpenIdProvider(google).startAuthorization();
    await saveGoogleSignInState(
      request.state,
      {
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        redirect: query.redirect ?? DEFAULT_SIGN_IN_REDIRECT,
      },
      now,
    );
    return {
      redirectTo: request.url,
      cookies: [googleStateCookie(request.state, secureCookies)],
    };
  },
);
