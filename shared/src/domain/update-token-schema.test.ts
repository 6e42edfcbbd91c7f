import { updateTokenSchema } from './update-token-schema';

const now = new Date('2025-06-15T12:00:00Z');
const current = { category: 'key_secret', type: 'api_key', expiresAt: '2025-01-01' } as const;

function issues(schema: ReturnType<typeof updateTokenSchema>, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('updateTokenSchema', () => {
  const schema = updateTokenSchema({ now, current });

  it('keeps absent fields absent and never outputs type or category', () => {
    expect(schema.parse({ name: 'Renamed', type: 'api_key', category: 'key_secret' })).toEqual({
      name: 'Renamed',
    });
    expect(schema.parse({})).toEqual({});
  });

  it('turns blank optional text into null and parses numbers', () => {
    expect(schema.parse({ location: '  ', used_by: 'CI', description: '', notes: null })).toEqual({
      location: null,
      used_by: 'CI',
      description: null,
      notes: null,
    });
  });

  it('refuses a changed type or category', () => {
    expect(issues(schema, { type: 'secret' })).toEqual([
      ['type', 'Type and category cannot be changed'],
    ]);
    expect(issues(schema, { category: 'cert', type: 'ssl_cert' })).toEqual([
      ['category', 'Type and category cannot be changed'],
      ['type', 'Type and category cannot be changed'],
    ]);
  });

  it('still requires a name when one is sent', () => {
    expect(issues(schema, { name: '' })).toEqual([['name', 'Name is required']]);
    expect(issues(schema, { name: 'x'.repeat(101) })).toEqual([
      ['name', 'Name must be 100 characters or less'],
    ]);
    expect(issues(schema, { name: 'x'.repeat(100) })).toEqual([]);
  });

  it('accepts the unchanged past expiry of an expired token, refuses another past date', () => {
    expect(schema.parse({ expiresAt: '2025-01-01', notes: 'kept' })).toEqual({
      expiresAt: '2025-01-01',
      notes: 'kept',
    });
    expect(issues(schema, { expiresAt: '2025-06-15' })).toEqual([
      ['expiresAt', 'Expiration date must be in the future'],
    ]);
    expect(issues(schema, { expiresAt: 'nope' })).toEqual([['expiresAt', 'Invalid date format']]);
    expect(issues(schema, { expiresAt: '' })).toEqual([
      ['expiresAt', 'Expiration date is required'],
    ]);
    expect(schema.parse({ expiresAt: '2025-06-16' })).toEqual({ expiresAt: '2025-06-16' });
  });

  it('checks algorithm and key size against the current type', () => {
    expect(issues(schema, { algorithm: 'RSA' })).toEqual([
      ['algorithm', 'Algorithm is only valid for encryption keys, SSH keys and certificates'],
    ]);
    const ssh = updateTokenSchema({ now, current: { ...current, type: 'ssh_key' } });
    expect(ssh.parse({ algorithm: 'ed25519', key_size: '256' })).toEqual({
      algorithm: 'ed25519',
      key_size: 256,
    });
  });

  it('accepts key sizes from 1 to 16384 on edit', () => {
    const cert = updateTokenSchema({
      now,
      current: { category: 'cert', type: 'tls_cert', expiresAt: '2026-01-01' },
    });
    expect(cert.parse({ key_size: 1 })).toEqual({ key_size: 1 });
    expect(cert.parse({ key_size: 16_384 })).toEqual({ key_size: 16_384 });
    expect(cert.parse({ key_size: '' })).toEqual({ key_size: null });
    expect(issues(cert, { key_size: 0 })).toEqual([
      ['key_size', 'Key size must be a valid positive integer'],
    ]);
    expect(issues(cert, { key_size: 16_385 })).toEqual([
      ['key_size', 'Key size must be between 1 and 16384'],
    ]);
  });

  it('splits domains, parses cost and clears fields of other categories', () => {
    const cert = updateTokenSchema({
      now,
      current: { category: 'cert', type: 'ssl_cert', expiresAt: '2026-01-01' },
    });
    expect(cert.parse({ domains: 'a.com, b.com', vendor: 'Acme', cost: '3' })).toEqual({
      domains: ['a.com', 'b.com'],
      vendor: null,
      cost: null,
    });
    expect(issues(cert, { domains: 'a.com, intranet' })).toEqual([
      ['domains', 'Please provide at least one valid domain: "intranet" is not valid'],
    ]);
    const license = updateTokenSchema({
      now,
      current: { category: 'license', type: 'software_license', expiresAt: '2026-01-01' },
    });
    expect(license.parse({ cost: '12.50' })).toEqual({ cost: 12.5 });
    expect(issues(license, { cost: '1000000000000' })).toEqual([
      ['cost', 'Cost must be less than 1 trillion'],
    ]);
  });
});

describe('updateTokenSchema without context', () => {
  const schema = updateTokenSchema();

  it('checks only the format of the expiry', () => {
    expect(schema.parse({ expiresAt: '2000-01-01' })).toEqual({ expiresAt: '2000-01-01' });
    expect(issues(schema, { expiresAt: '2000-13-01' })).toEqual([
      ['expiresAt', 'Invalid date format'],
    ]);
  });

  it('checks type rules when type and category are sent', () => {
    expect(issues(schema, { category: 'cert', type: 'api_key' })).toEqual([
      ['type', 'Invalid type for cert category'],
    ]);
    expect(issues(schema, { category: 'key_secret', type: 'password', key_size: 2048 })).toEqual([
      ['key_size', 'Key size is only valid for encryption keys, SSH keys and certificates'],
    ]);
  });

  it('requires a future expiry when only now is given', () => {
    expect(issues(updateTokenSchema({ now }), { expiresAt: '2025-06-15' })).toEqual([
      ['expiresAt', 'Expiration date must be in the future'],
    ]);
  });
});
