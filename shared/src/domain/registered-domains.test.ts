import { createTokenSchema } from './create-token-schema';
import { displayDomain, readRegisteredDomain, registeredDomainOf } from './registered-domains';
import { updateTokenSchema } from './update-token-schema';

describe('registered domains', () => {
  it('reads a registered domain as its A-label, whatever case, dot or script it was typed in', () => {
    expect(readRegisteredDomain(' Example.COM. ')).toEqual({ domain: 'example.com' });
    expect(readRegisteredDomain('example.co.uk')).toEqual({ domain: 'example.co.uk' });
    expect(readRegisteredDomain('Bücher.de')).toEqual({ domain: 'xn--bcher-kva.de' });
    expect(readRegisteredDomain('例子.中国')).toEqual({ domain: 'xn--fsqu00a.xn--fiqs8s' });
    expect(displayDomain('xn--bcher-kva.de')).toBe('bücher.de');
    expect(displayDomain('example.com')).toBe('example.com');
  });

  it('refuses public suffixes, names under a registered domain and what is not a domain', () => {
    expect(readRegisteredDomain('co.uk')).toEqual({
      problem:
        '"co.uk" is a public suffix, under which domains are registered: enter one of them (e.g. example.co.uk)',
    });
    expect(readRegisteredDomain('shop.example.com')).toEqual({
      problem: '"shop.example.com" is not a registered domain: its registration is example.com\'s',
    });
    for (const text of [
      'localhost',
      'example.invalidtld',
      '192.0.2.1',
      'exa mple.com',
      'https://x.com',
    ]) {
      expect(readRegisteredDomain(text)).toEqual({
        problem: `"${text}": Enter a registered domain such as example.com`,
      });
    }
    expect(readRegisteredDomain('  ')).toEqual({
      problem: 'Enter the domain whose registration to follow (e.g. example.com)',
    });
  });

  it('finds the registered domain of a certificate name', () => {
    expect(registeredDomainOf('shop.example.com')).toBe('example.com');
    expect(registeredDomainOf('*.eu.example.co.uk')).toBe('example.co.uk');
    expect(registeredDomainOf('co.uk')).toBeNull();
    expect(registeredDomainOf('10.0.0.1')).toBeNull();
  });

  it('gives a domain registration token its domain to follow, and only a domain registration', () => {
    const base = { name: 'Our domain', category: 'license', expiresAt: '2999-01-01' };
    const created = createTokenSchema().parse({
      ...base,
      type: 'domain_registration',
      registration_domain: 'Bücher.de',
    });
    expect(created.registration).toEqual({ domain: 'xn--bcher-kva.de', last_check: null });
    expect('registration_domain' in created).toBe(false);
    expect(createTokenSchema().parse({ ...base, type: 'domain_registration' })).not.toHaveProperty(
      'registration',
    );

    const wrongType = createTokenSchema().safeParse({
      ...base,
      type: 'software_license',
      registration_domain: 'example.com',
    });
    expect(wrongType.error?.issues).toEqual([
      expect.objectContaining({
        path: ['registration_domain'],
        message: 'Only a domain registration can follow a domain',
      }),
    ]);
    const suffix = createTokenSchema().safeParse({
      ...base,
      type: 'domain_registration',
      registration_domain: 'co.uk',
    });
    expect(suffix.error?.issues[0]?.path).toEqual(['registration_domain']);

    const current = {
      category: 'license',
      type: 'domain_registration',
      expiresAt: '2999-01-01',
    } as const;
    expect(updateTokenSchema({ current }).parse({ registration_domain: null })).toEqual({
      registration: null,
    });
    expect(updateTokenSchema({ current }).parse({ registration_domain: 'example.com' })).toEqual({
      registration: { domain: 'example.com', last_check: null },
    });
    expect(updateTokenSchema({ current }).parse({ name: 'x' })).toEqual({ name: 'x' });
  });
});
