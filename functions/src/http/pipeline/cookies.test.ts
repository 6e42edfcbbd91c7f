import { parseCookies, serializeCookie, shouldUseSecureCookies } from './cookies';

describe('cookies', () => {
  it('parses cookie headers, keeping the first of duplicate names', () => {
    expect(parseCookies(['a=1; b=two%20words', 'a=3'])).toEqual({ a: '1', b: 'two words' });
  });

  it('ignores malformed pairs and bad escapes', () => {
    expect(parseCookies(['novalue; =x; c=%E0%A4%A'])).toEqual({ c: '%E0%A4%A' });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('writes HttpOnly, SameSite=Lax cookies, Secure and Max-Age when asked', () => {
    expect(serializeCookie('er_session', 'abc', { secure: true, maxAgeSeconds: 60 })).toBe(
      'er_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure',
    );
    expect(serializeCookie('er_session', '', { secure: false, maxAgeSeconds: 0 })).toBe(
      'er_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    );
  });

  it('leaves Secure off only on localhost', () => {
    expect(shouldUseSecureCookies('localhost:4000')).toBe(false);
    expect(shouldUseSecureCookies('127.0.0.1:4000')).toBe(false);
    expect(shouldUseSecureCookies('app.example.com')).toBe(true);
    expect(shouldUseSecureCookies('localhost.example.com')).toBe(true);
    expect(shouldUseSecureCookies(undefined)).toBe(true);
  });
});
