import { startOidcProviderStandIn, type OidcProviderStandIn } from './oidc-provider-stand-in';

const REDIRECT_URI = 'http://localhost:4000/auth/sso/callback';

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('the OpenID provider stand-in', () => {
  let provider: OidcProviderStandIn;
  beforeAll(async () => {
    provider = await startOidcProviderStandIn({ port: 0 });
  });
  afterAll(() => provider.stop());

  async function signIn(loginHint: string | undefined) {
    const discovery = (await (
      await fetch(`${provider.issuerUrl}/.well-known/openid-configuration`)
    ).json()) as { authorization_endpoint: string; token_endpoint: string; issuer: string };
    expect(discovery.issuer).toBe(provider.issuerUrl);
    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'expiry-radar',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: 'state-1',
      nonce: 'nonce-1',
      ...(loginHint ? { login_hint: loginHint } : {}),
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    const token = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: 'expiry-radar',
        client_secret: 'any',
      }),
    });
    return payloadOf(((await token.json()) as { id_token: string }).id_token);
  }

  it('signs in the address the authorization request names as its login hint', async () => {
    const claims = await signIn('grace@acme.example');
    expect(claims).toMatchObject({
      iss: provider.issuerUrl,
      aud: 'expiry-radar',
      sub: 'grace@acme.example',
      email: 'grace@acme.example',
      email_verified: true,
      name: 'grace',
      nonce: 'nonce-1',
    });
  });

  it('names nobody without a login hint', async () => {
    const claims = await signIn(undefined);
    expect(claims.email).toBeUndefined();
  });
});
