import {
  hostCookieName,
  parseCookies,
  readProductCookies,
  serializeCookie,
  shouldUseSecureCookies,
} from './cookies';

describe('cookies', () => {
  it('parses cookie headers, keeping the first of duplicate names', () => {
    expect(parseCookies(['a=1; b=two%20words', 'a=3'])).toEqual({ a: '1', b: 'two words' });
  });

  it('ignores malformed pairs and bad escapes', () => {
    expect(parseCookies(['novalue; =x; c=%E0%A4%A'])).toEqual({ c: '%E0%A4%A' });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('writes HttpOnly, SameSite=Lax cookies, Secure (under the __Host- name) and Max-Age when asked', () => {
    expect(serializeCookie('er_session', 'abc', { secure: true, maxAgeSeconds: 60 })).toBe(
      '__Host-er_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure',
    );
    expect(serializeCookie('er_session', '', { secure: false, maxAgeSeconds: 0 })).toBe(
      'er_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    );
  });

  it('writes a cookie a cross-site form post carries back as SameSite=None, always Secure', () => {
    expect(
      serializeCookie('er_saml_state', 'x', {
        secure: true,
        maxAgeSeconds: 600,
        crossSitePost: true,
      }),
    ).toBe('__Host-er_saml_state=x; Path=/; HttpOnly; SameSite=None; Max-Age=600; Secure');
    // On http://localhost too: browsers refuse SameSite=None without Secure, and accept Secure there.
    expect(serializeCookie('er_saml_state', 'x', { secure: false, crossSitePost: true })).toBe(
      'er_saml_state=x; Path=/; HttpOnly; SameSite=None; Secure',
    );
  });

  it('names a cookie __Host- only where cookies are Secure', () => {
    expect(hostCookieName('er_session', true)).toBe('__Host-er_session');
    expect(hostCookieName('er_session', false)).toBe('er_session');
  });

  it('over https reads only __Host- cookies, under their plain names', () => {
    const sent = ['er_session=planted; __Host-er_session=own', '__Host-er_csrf=token; other=1'];
    expect(readProductCookies(sent, true)).toEqual({ er_session: 'own', er_csrf: 'token' });
    expect(readProductCookies(['er_session=planted'], true)).toEqual({});
  });

  it('on localhost reads the plain names', () => {
    expect(readProductCookies(['er_session=abc; er_csrf=token'], false)).toEqual({
      er_session: 'abc',
      er_csrf: 'token',
    });
  });

  it('leaves Secure off only on localhost', () => {
    expect(shouldUseSecureCookies('localhost:4000')).toBe(false);
    expect(shouldUseSecureCookies('127.0.0.1:4000')).toBe(false);
    expect(shouldUseSecureCookies('app.example.com')).toBe(true);
    expect(shouldUseSecureCookies('localhost.example.com')).toBe(true);
    expect(shouldUseSecureCookies(undefined)).toBe(true);
  });
});
