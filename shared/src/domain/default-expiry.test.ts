import type { Category, TokenType } from './categories';
import { TYPES_BY_CATEGORY } from './categories';
import { defaultExpiryDate, defaultExpiryDays, renewalExpiryDate } from './default-expiry';

const now = new Date('2025-06-15T23:00:00Z');

describe('default expiry', () => {
  const expected: Record<TokenType, number> = {
    ssl_cert: 90,
    tls_cert: 90,
    code_signing: 90,
    client_cert: 90,
    api_key: 365,
    ssh_key: 365,
    secret: 90,
    password: 90,
    encryption_key: 90,
    software_license: 365,
    service_subscription: 365,
    domain_registration: 365,
    other: 90,
    document: 90,
    membership: 90,
  };

  it.each(
    (Object.keys(TYPES_BY_CATEGORY) as Category[]).flatMap((category) =>
      TYPES_BY_CATEGORY[category].map((type) => [category, type] as const),
    ),
  )('%s %s', (category, type) => {
    expect(defaultExpiryDays(category, type)).toBe(expected[type]);
  });

  it('without a type: key_secret 90, license 365', () => {
    expect(defaultExpiryDays('key_secret')).toBe(90);
    expect(defaultExpiryDays('license', null)).toBe(365);
    expect(defaultExpiryDays('cert')).toBe(90);
    expect(defaultExpiryDays('general')).toBe(90);
  });

  it('returns a UTC calendar date', () => {
    expect(defaultExpiryDate('cert', 'ssl_cert', now)).toBe('2025-09-13');
    expect(defaultExpiryDate('key_secret', 'api_key', now)).toBe('2026-06-15');
    expect(defaultExpiryDate('license', 'software_license', new Date('2024-03-01T00:00:00Z'))).toBe(
      '2025-03-01',
    );
  });

  it('suggests a renewal one term after the current expiry while it is ahead, else after today', () => {
    const license = { category: 'license', type: 'software_license' } as const;
    expect(renewalExpiryDate({ ...license, expiresAt: '2028-03-01' }, now)).toBe('2029-03-01');
    expect(renewalExpiryDate({ ...license, expiresAt: '2025-06-01' }, now)).toBe('2026-06-15');
    expect(
      renewalExpiryDate({ category: 'cert', type: 'tls_cert', expiresAt: '2025-06-20' }, now),
    ).toBe('2025-09-18');
  });
});
