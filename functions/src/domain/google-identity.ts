/** Port: the OpenID Connect exchange with Google (adapters/google-openid-client.ts). */
export interface GoogleAuthorizationRequest {
  readonly url: string;
  /** Kept server-side until the callback: proves the callback belongs to this request. */
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export interface GoogleIdentity {
  /** Google's stable user id (`sub`). */
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly name: string | undefined;
  readonly picture: string | undefined;
}

export interface GoogleIdentityProvider {
  startAuthorization(): Promise<GoogleAuthorizationRequest>;
  /** Exchanges the code of `callbackUrl`, checking state, PKCE verifier and nonce. */
  completeAuthorization(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<GoogleIdentity>;
}
