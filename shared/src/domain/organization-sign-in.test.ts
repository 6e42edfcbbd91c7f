import {
  EMAIL_DOMAIN_MAX_LENGTH,
  emailDomainSchema,
  SSO_CONNECTION_LIMITS,
  ssoConnectionSettingsSchema,
} from './organization-sign-in';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('emailDomainSchema', () => {
  it('refuses a domain longer than a DNS name in its own words', () => {
    const tooLong = `${'a'.repeat(EMAIL_DOMAIN_MAX_LENGTH)}.com`;
    expect(firstMessage(emailDomainSchema.safeParse(tooLong))).toBe(
      'An email domain must be 253 characters or less',
    );
  });

  it('takes a domain at the limit', () => {
    const label = 'a'.repeat(63);
    const domain = [label, label, label, 'a'.repeat(EMAIL_DOMAIN_MAX_LENGTH - 3 * 64)].join('.');
    expect(domain).toHaveLength(EMAIL_DOMAIN_MAX_LENGTH);
    expect(emailDomainSchema.safeParse(domain).success).toBe(true);
  });
});

describe('ssoConnectionSettingsSchema', () => {
  const oidc = {
    protocol: 'oidc',
    issuer: 'https://login.example.com',
    client_id: 'client',
    client_secret: 'secret',
    default_workspace_id: 'workspace-1',
  } as const;
  const saml = { protocol: 'saml', default_workspace_id: 'workspace-1' } as const;

  it.each([
    ['issuer', { ...oidc, issuer: `https://${'a'.repeat(500)}.example.com` }],
    ['client_id', { ...oidc, client_id: 'c'.repeat(501) }],
    ['client_secret', { ...oidc, client_secret: 's'.repeat(2001) }],
    ['metadata_url', { ...saml, metadata_url: `https://idp.example.com/${'m'.repeat(2000)}` }],
    ['metadata_xml', { ...saml, metadata_xml: '<x/>'.repeat(50_001) }],
    ['default_workspace_id', { ...oidc, default_workspace_id: 'w'.repeat(101) }],
  ] as const)('refuses a %s over its limit with the product message', (field, settings) => {
    const result = ssoConnectionSettingsSchema.safeParse(settings);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      SSO_CONNECTION_LIMITS[field].message,
    );
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).not.toMatch(/Too big/);
  });

  it('takes settings within the limits', () => {
    expect(ssoConnectionSettingsSchema.safeParse(oidc).success).toBe(true);
  });
});
