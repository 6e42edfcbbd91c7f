import {
  contentSecurityPolicy,
  GOOGLE_AVATAR_ORIGIN,
  PERMISSIONS_POLICY,
} from './web-security-headers';

describe('Content-Security-Policy of the web app', () => {
  const csp = contentSecurityPolicy({ analyticsHost: '' });
  const directive = (name: string) =>
    csp
      .split('; ')
      .find((entry) => entry.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  it('allows no scheme-wide source anywhere but data: images', () => {
    const withoutImages = csp
      .split('; ')
      .filter((entry) => !entry.startsWith('img-src '))
      .join('; ');
    expect(withoutImages).not.toMatch(/(^|\s)(https?:|data:|blob:|\*)(\s|;|$)/);
    expect(directive('img-src')).not.toContain('https:');
  });

  it('loads images from the app, Google profile pictures (avatars) and data: (the QR code)', () => {
    expect(directive('img-src')).toEqual(["'self'", 'data:', GOOGLE_AVATAR_ORIGIN]);
  });

  it('loads scripts and fonts from the app only, and frames nothing', () => {
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('font-src')).toEqual(["'self'"]);
    expect(directive('frame-src')).toEqual(["'none'"]);
    expect(directive('connect-src')).toEqual(["'self'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets the page reach the analytics host only when one is configured', () => {
    const withAnalytics = contentSecurityPolicy({ analyticsHost: 'https://eu.i.posthog.com' });
    expect(withAnalytics).toContain("connect-src 'self' https://eu.i.posthog.com");
    expect(csp).not.toContain('posthog');
  });
});

describe('Permissions-Policy of the web app', () => {
  it('switches off the features the app never uses', () => {
    const directives = PERMISSIONS_POLICY.split(', ');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(directives).toContain(`${feature}=()`);
    }
  });
});
