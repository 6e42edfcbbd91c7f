/**
 * An OpenID provider standing in for a company's identity provider locally (`npm start`), so a
 * person can try an OpenID Connect single sign-on connection without running Keycloak: discovery
 * at `{issuerUrl}/.well-known/openid-configuration`, authorization code with PKCE, ID tokens
 * signed with a key made at start. It accepts any client id and secret, and signs in whoever the
 * authorization request names in `login_hint` (the address typed on the login page): the ID
 * token's `sub` and `email` are that address, `email_verified` is true.
 */
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcProviderStandIn {
  /** `http://127.0.0.1:<port>`: the connection's issuer URL. */
  readonly issuerUrl: string;
  stop(): Promise<void>;
}

interface AuthorizeRequest extends IncomingMessage {
  readonly query: Record<string, unknown>;
}

interface TokenRequest extends IncomingMessage {
  readonly body: Record<string, unknown>;
}

export async function startOidcProviderStandIn(options: {
  readonly port: number;
}): Promise<OidcProviderStandIn> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const addressOfCode = new Map<string, string>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: AuthorizeRequest) => {
    const code = redirect.url.searchParams.get('code');
    const hint = req.query.login_hint;
    if (code && typeof hint === 'string' && hint.includes('@')) addressOfCode.set(code, hint);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: TokenRequest) => {
      const code = typeof req.body.code === 'string' ? req.body.code : undefined;
      const address = code ? addressOfCode.get(code) : undefined;
      if (!address) return;
      const name = address.slice(0, address.indexOf('@'));
      Object.assign(token.payload, { sub: address, email: address, email_verified: true, name });
    },
  );
  // Both the access token and the ID token are signed for one request: forget the code after.
  server.service.on('beforeResponse', (_response: unknown, req: TokenRequest) => {
    if (typeof req.body.code === 'string') addressOfCode.delete(req.body.code);
  });
  await server.start(options.port, '127.0.0.1');
  // The address it listens on, not the `localhost` the library names by default.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  return {
    issuerUrl: server.issuer.url,
    stop: () => server.stop(),
  };
}
