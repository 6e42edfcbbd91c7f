import { appRedirectPath } from './app-redirect';
import { googleSignInQuery, registerBody, resendVerificationBody } from './auth-schemas';
import { VERIFIED_REDIRECT, verifiedRedirect } from './verification-link';

const REGISTRATION = { email: 'ada@example.com', password: 'correct horse battery staple' };

/** Each form as the handler sees it, after the query string was decoded once. */
const ATTACKS = [
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  'https://evil.example',
  'https:evil.example',
  'HTTPS://evil.example/dashboard',
  '//evil.example/%2F..',
  '///evil.example',
  'javascript:alert(1)',
  'evil.example',
  'dashboard',
  '',
  '/api/session',
  '/auth/google',
  '/AUTH/logout',
  `/${'a'.repeat(500)}`,
];

const GOOD: [input: string, lands: string][] = [
  ['/dashboard', '/dashboard'],
  ['/dashboard?workspace=x', '/dashboard?workspace=x'],
  [
    '/preferences?workspace=ws-1&section=__all__#alerts',
    '/preferences?workspace=ws-1&section=__all__#alerts',
  ],
  ['/docs/api', '/docs/api'],
  ['/', '/'],
  ['/a/../dashboard', '/dashboard'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/%5Cevil.example', '/%5Cevil.example'],
  ['/%09/evil.example', '/%09/evil.example'],
  ['/auth-help', '/auth-help'],
];

describe('appRedirectPath', () => {
  it.each(ATTACKS.map((attack) => [JSON.stringify(attack), attack]))(
    'refuses %s',
    (_label, attack) => {
      expect(appRedirectPath(attack)).toBeUndefined();
      expect(googleSignInQuery.safeParse({ redirect: attack }).success).toBe(false);
      expect(registerBody.safeParse({ ...REGISTRATION, redirect: attack }).success).toBe(false);
      expect(resendVerificationBody.safeParse({ redirect: attack }).success).toBe(false);
      expect(verifiedRedirect(attack)).toBe(VERIFIED_REDIRECT);
    },
  );

  it.each(GOOD)('accepts %s as %s, a path on the same origin', (input, lands) => {
    expect(appRedirectPath(input)).toBe(lands);
    expect(new URL(lands, 'https://expiry-radar.example').origin).toBe(
      'https://expiry-radar.example',
    );
    expect(googleSignInQuery.parse({ redirect: input })).toEqual({ redirect: lands });
    expect(registerBody.parse({ ...REGISTRATION, redirect: input }).redirect).toBe(lands);
    expect(verifiedRedirect(input)).toBe(lands);
  });

  it('leaves the redirect optional', () => {
    expect(googleSignInQuery.parse({})).toEqual({});
    expect(resendVerificationBody.parse({})).toEqual({});
    expect(registerBody.parse(REGISTRATION).redirect).toBeUndefined();
    expect(verifiedRedirect(undefined)).toBe(VERIFIED_REDIRECT);
    expect(appRedirectPath(undefined)).toBeUndefined();
    expect(appRedirectPath(null)).toBeUndefined();
  });
});
