import { PRIVATE_KEY_MESSAGE } from './certificate-text';
import type { LimitedField } from './field-limits';
import { FIELD_MAX_LENGTHS } from './field-limits';
import { createTokenRequestSchema, createTokenSchema } from './create-token-schema';

const now = new Date('2025-06-15T12:00:00Z');
const schema = createTokenSchema(now);

const valid = {
  name: 'Main certificate',
  category: 'cert',
  type: 'ssl_cert',
  expiresAt: '2025-06-16',
};

function issues(input: unknown): Array<[string, string]> {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

function messageFor(input: unknown, path: string): string | undefined {
  return issues(input).find(([p]) => p === path)?.[1];
}

describe('createTokenSchema', () => {
  it('accepts a minimal token and fills every optional field with null', () => {
    const data = schema.parse(valid);
    expect(data).toEqual({
      ...valid,
      section: null,
      contact_group_id: null,
      additional_contact_group_ids: [],
      owner_id: null,
      // A certificate without endpoints to monitor does not renew itself by default.
      renews_automatically: false,
      renewal_grace_days: null,
      domains: [],
      issuer: null,
      serial_number: null,
      subject: null,
      algorithm: null,
      key_size: null,
      location: null,
      used_by: null,
      description: null,
      vendor: null,
      license_type: null,
      cost: null,
      renewal_url: null,
      renewal_date: null,
      contacts: null,
      notes: null,
    });
  });

  it('reports every missing required field with its message', () => {
    expect(issues({})).toEqual([
      ['name', 'Name is required'],
      ['category', 'Category is required'],
      ['type', 'Type is required'],
      ['expiresAt', 'Expiration date is required'],
    ]);
    expect(messageFor({ ...valid, name: '   ' }, 'name')).toBe('Name is required');
    expect(messageFor({ ...valid, type: '' }, 'type')).toBe('Type is required');
    expect(messageFor({ ...valid, expiresAt: ' ' }, 'expiresAt')).toBe(
      'Expiration date is required',
    );
    expect(messageFor({ ...valid, category: 'nope' }, 'category')).toBe('Invalid category');
  });

  it('limits the name to 100 characters', () => {
    expect(issues({ ...valid, name: 'x'.repeat(100) })).toEqual([]);
    expect(messageFor({ ...valid, name: 'x'.repeat(101) }, 'name')).toBe(
      'Name must be 100 characters or less',
    );
    expect(schema.parse({ ...valid, name: '  Trimmed  ' }).name).toBe('Trimmed');
  });

  const textFields: Array<[LimitedField, string, string, string]> = [
    ['section', 'cert', 'ssl_cert', 'Section must be 120 characters or less'],
    ['issuer', 'cert', 'ssl_cert', 'Issuer must be 100 characters or less'],
    ['serial_number', 'cert', 'ssl_cert', 'Serial number must be 50 characters or less'],
    ['subject', 'cert', 'ssl_cert', 'Subject must be 300 characters or less'],
    ['algorithm', 'cert', 'ssl_cert', 'Algorithm must be 50 characters or less'],
    ['location', 'key_secret', 'api_key', 'Location must be 200 characters or less'],
    ['used_by', 'key_secret', 'api_key', 'Used by must be 200 characters or less'],
    ['description', 'key_secret', 'api_key', 'Description must be 300 characters or less'],
    ['license_type', 'license', 'software_license', 'License type must be 50 characters or less'],
    ['vendor', 'license', 'software_license', 'Vendor must be 100 characters or less'],
    ['contacts', 'license', 'software_license', 'Contacts must be 200 characters or less'],
    ['notes', 'general', 'other', 'Notes must be 500 characters or less'],
  ];

  it.each(textFields)('limits %s at its maximum', (field, category, type, message) => {
    const max = FIELD_MAX_LENGTHS[field];
    const base = { ...valid, category, type };
    const atMax = schema.parse({ ...base, [field]: 'a'.repeat(max) });
    expect((atMax as Record<string, unknown>)[field]).toBe('a'.repeat(max));
    expect(messageFor({ ...base, [field]: 'a'.repeat(max + 1) }, field)).toBe(message);
  });

  const PRIVATE_KEY = [
    '-----BEGIN PRIVATE KEY-----',
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'.repeat(30),
    '-----END PRIVATE KEY-----',
  ].join('\n');

  it.each(['notes', 'description', 'location'])(
    "refuses a private key pasted into %s with the certificate reader's message",
    (field) => {
      const base = { ...valid, category: 'key_secret', type: 'api_key' };
      expect(messageFor({ ...base, [field]: PRIVATE_KEY }, field)).toBe(PRIVATE_KEY_MESSAGE);
      const putty = 'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none';
      expect(messageFor({ ...base, [field]: putty }, field)).toBe(PRIVATE_KEY_MESSAGE);
      const mention = 'Rotate the private key with the certificate';
      expect(schema.safeParse({ ...base, [field]: mention }).success).toBe(true);
    },
  );

  it('limits the renewal URL to 500 characters and to http(s)', () => {
    const base = { ...valid, category: 'license', type: 'software_license' };
    const prefix = 'https://example.com/';
    const atMax = prefix + 'a'.repeat(FIELD_MAX_LENGTHS.renewal_url - prefix.length);
    expect(schema.parse({ ...base, renewal_url: atMax }).renewal_url).toBe(atMax);
    expect(messageFor({ ...base, renewal_url: `${atMax}a` }, 'renewal_url')).toBe(
      'Renewal URL must be 500 characters or less',
    );
    expect(messageFor({ ...base, renewal_url: 'javascript:alert(1)' }, 'renewal_url')).toBe(
      'Renewal URL must start with http:// or https://',
    );
  });

  it('limits domains to 500 characters as displayed', () => {
    // Nine distinct 48-character domains joined by ", " make 448 characters.
    const nine = Array.from(
      { length: 9 },
      (_, i) => `${String.fromCharCode(97 + i)}${'d'.repeat(43)}.com`,
    );
    const atMax = `${nine.join(', ')}, z${'d'.repeat(45)}.com`;
    expect(atMax).toHaveLength(500);
    expect(schema.parse({ ...valid, domains: atMax }).domains).toHaveLength(10);
    expect(
      messageFor({ ...valid, domains: `${nine.join(', ')}, z${'d'.repeat(46)}.com` }, 'domains'),
    ).toBe('Domains must be 500 characters or less');
  });

  it('treats blank optional text as null and trims text', () => {
    const data = schema.parse({ ...valid, issuer: '  ', section: ' Prod ', subject: null });
    expect(data.issuer).toBeNull();
    expect(data.section).toBe('Prod');
    expect(data.subject).toBeNull();
  });

  it('refuses the reserved section filter values as section names', () => {
    expect(messageFor({ ...valid, section: '__all__' }, 'section')).toBe(
      'This section name is reserved',
    );
    expect(messageFor({ ...valid, section: '__none__' }, 'section')).toBe(
      'This section name is reserved',
    );
  });

  describe('type', () => {
    it.each([
      ['cert', 'api_key'],
      ['key_secret', 'ssl_cert'],
      ['license', 'other'],
      ['general', 'software_license'],
      ['cert', 'not_a_type'],
    ])('refuses a %s token of type %s', (category, type) => {
      expect(messageFor({ ...valid, category, type }, 'type')).toBe(
        `Invalid type for ${category} category`,
      );
    });

    it('reports the type together with other problems', () => {
      expect(issues({ ...valid, type: 'api_key', name: '' })).toEqual([
        ['name', 'Name is required'],
        ['type', 'Invalid type for cert category'],
      ]);
    });
  });

  describe('expiresAt', () => {
    it.each([
      ['2025-06-16', '2025-06-16'],
      ['2026-01-01', '2026-01-01'],
      ['2025-06-16T00:00:00Z', '2025-06-16T00:00:00.000Z'],
      ['2025-06-16T08:30', '2025-06-16T08:30:00.000Z'],
      ['2025-06-17T01:00:00+02:00', '2025-06-16T23:00:00.000Z'],
    ])('reads %s as %s', (input, normalized) => {
      expect(schema.parse({ ...valid, expiresAt: input }).expiresAt).toBe(normalized);
    });

    it('counts days in UTC: tomorrow 01:00 at +02:00 is still today', () => {
      expect(messageFor({ ...valid, expiresAt: '2025-06-16T01:00:00+02:00' }, 'expiresAt')).toBe(
        'Expiration date must be in the future',
      );
    });

    it('rejects today and yesterday, accepts tomorrow', () => {
      expect(messageFor({ ...valid, expiresAt: '2025-06-15' }, 'expiresAt')).toBe(
        'Expiration date must be in the future',
      );
      expect(messageFor({ ...valid, expiresAt: '2025-06-15T23:59:59Z' }, 'expiresAt')).toBe(
        'Expiration date must be in the future',
      );
      expect(messageFor({ ...valid, expiresAt: '2025-06-14' }, 'expiresAt')).toBe(
        'Expiration date must be in the future',
      );
      expect(issues({ ...valid, expiresAt: '2025-06-16' })).toEqual([]);
    });

    it.each(['tomorrow', '2025-13-01', '2025-02-30', '16/06/2025', '2025-06-16T25:00', '20250616'])(
      'rejects %s as an invalid date',
      (expiresAt) => {
        expect(messageFor({ ...valid, expiresAt }, 'expiresAt')).toBe('Invalid date format');
      },
    );

    it('uses a clock function at parse time', () => {
      let current = new Date('2025-06-15T12:00:00Z');
      const live = createTokenSchema(() => current);
      expect(live.safeParse(valid).success).toBe(true);
      // The expiry's day has begun everywhere once it is noon UTC (midnight in UTC-12).
      current = new Date('2025-06-16T12:00:01Z');
      expect(live.safeParse(valid).success).toBe(false);
    });
  });

  describe('cost', () => {
    const license = { ...valid, category: 'license', type: 'software_license' };

    it.each([
      [0, 0],
      ['0', 0],
      [12.5, 12.5],
      ['19.99', 19.99],
      [999_999_999_999.99, 999_999_999_999.99],
      ['999999999999.99', 999_999_999_999.99],
      ['', null],
      [null, null],
    ])('accepts %p', (cost, expected) => {
      expect(schema.parse({ ...license, cost }).cost).toBe(expected);
    });

    it.each([-1, '-1', 'abc', '12abc', Number.NaN, true, {}])('rejects %p', (cost) => {
      expect(messageFor({ ...license, cost }, 'cost')).toBe('Cost must be a valid positive number');
    });

    it.each([1e12, '1000000000000', 1e15])('rejects %p as too high', (cost) => {
      expect(messageFor({ ...license, cost }, 'cost')).toBe('Cost must be less than 1 trillion');
    });
  });

  describe('key size', () => {
    it.each([128, '128', 2048, 16_384])('accepts %p on create', (size) => {
      expect(schema.parse({ ...valid, key_size: size }).key_size).toBe(Number(size));
    });

    it.each([127, 16_385, 1])('refuses %p outside the create range', (size) => {
      expect(messageFor({ ...valid, key_size: size }, 'key_size')).toBe(
        'Key size must be between 128 and 16384',
      );
    });

    it.each([0, -128, 256.5, 'abc', '2048.5', false])(
      'refuses %p as not a positive integer',
      (size) => {
        expect(messageFor({ ...valid, key_size: size }, 'key_size')).toBe(
          'Key size must be a valid positive integer',
        );
      },
    );

    it('treats blank as null', () => {
      expect(schema.parse({ ...valid, key_size: '' }).key_size).toBeNull();
    });
  });

  describe('algorithm and key size by type', () => {
    it.each([
      ['cert', 'ssl_cert'],
      ['cert', 'tls_cert'],
      ['cert', 'code_signing'],
      ['cert', 'client_cert'],
      ['key_secret', 'encryption_key'],
      ['key_secret', 'ssh_key'],
    ])('allows them for %s %s', (category, type) => {
      const data = schema.parse({ ...valid, category, type, algorithm: 'RSA', key_size: 4096 });
      expect(data.algorithm).toBe('RSA');
      expect(data.key_size).toBe(4096);
    });

    it.each([
      ['key_secret', 'api_key'],
      ['key_secret', 'secret'],
      ['key_secret', 'password'],
      ['license', 'software_license'],
      ['general', 'other'],
    ])('refuses them for %s %s', (category, type) => {
      expect(issues({ ...valid, category, type, algorithm: 'RSA', key_size: 4096 })).toEqual([
        ['algorithm', 'Algorithm is only valid for encryption keys, SSH keys and certificates'],
        ['key_size', 'Key size is only valid for encryption keys, SSH keys and certificates'],
      ]);
    });

    it('accepts blank values for types without them', () => {
      const input = {
        ...valid,
        category: 'key_secret',
        type: 'api_key',
        algorithm: '',
        key_size: '',
      };
      expect(schema.safeParse(input).success).toBe(true);
    });
  });

  describe('domains', () => {
    it('splits a comma-separated string, trims, lower-cases and drops empties', () => {
      const data = schema.parse({ ...valid, domains: ' Example.com, ,*.example.org,example.com ' });
      expect(data.domains).toEqual(['example.com', '*.example.org']);
    });

    it('refuses a list with an invalid entry beside valid ones, naming the entry', () => {
      expect(
        messageFor({ ...valid, domains: ' Example.com, ,*.example.org,not a domain ' }, 'domains'),
      ).toBe('Please provide at least one valid domain: "not a domain" is not valid');
      expect(
        messageFor(
          { ...valid, domains: ['a.example.com', 'Legacy..Example.net, b.io'] },
          'domains',
        ),
      ).toBe('Please provide at least one valid domain: "Legacy..Example.net" is not valid');
    });

    it('accepts a list', () => {
      expect(
        schema.parse({ ...valid, domains: ['a.example.com', 'b.example.com, c.io'] }).domains,
      ).toEqual(['a.example.com', 'b.example.com', 'c.io']);
    });

    it.each([
      ['not a domain', '"not a domain" is not valid'],
      ['localhost', '"localhost" is not valid'],
      [['-bad-.com', '*.'], '"-bad-.com", "*." are not valid'],
      ['*.*.example.com', '"*.*.example.com" is not valid'],
      ['a, b, c, d, e', '"a", "b", "c" and 2 more are not valid'],
      [`${'x'.repeat(80)}`, `"${'x'.repeat(59)}…" is not valid`],
    ])('refuses %p naming the invalid entries', (domains, named) => {
      expect(messageFor({ ...valid, domains }, 'domains')).toBe(
        `Please provide at least one valid domain: ${named}`,
      );
    });

    it.each(['', ' , ', [], null])('treats %p as no domains', (domains) => {
      expect(schema.parse({ ...valid, domains }).domains).toEqual([]);
    });
  });

  it('clears fields of other categories', () => {
    const data = schema.parse({
      ...valid,
      category: 'general',
      type: 'document',
      location: 'Safe',
      vendor: 'Acme',
      domains: 'example.com',
      cost: 5,
      issuer: 'CA',
    });
    expect(data).toMatchObject({
      location: 'Safe',
      vendor: null,
      domains: [],
      cost: null,
      issuer: null,
    });
  });

  it('keeps renewal_date as a date and refuses invalid ones', () => {
    const license = { ...valid, category: 'license', type: 'software_license' };
    expect(schema.parse({ ...license, renewal_date: '2024-01-01' }).renewal_date).toBe(
      '2024-01-01',
    );
    expect(messageFor({ ...license, renewal_date: 'soon' }, 'renewal_date')).toBe(
      'Invalid date format',
    );
  });

  it('renews automatically by default for a certificate with endpoints, and reads file cells', () => {
    const withEndpoint = { ...valid, endpoints: 'www.example.com' };
    expect(schema.parse(withEndpoint).renews_automatically).toBe(true);
    expect(schema.parse({ ...withEndpoint, renews_automatically: 'no' })).toMatchObject({
      renews_automatically: false,
    });
    expect(
      schema.parse({
        ...valid,
        renews_automatically: 'yes',
        renewal_grace_days: '21',
        additional_contact_group_ids: ' ops, sec ,ops',
      }),
    ).toMatchObject({
      renews_automatically: true,
      renewal_grace_days: 21,
      additional_contact_group_ids: ['ops', 'sec'],
    });
    const refused = schema.safeParse({ ...valid, renewal_grace_days: 366 });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['renewal_grace_days'],
      message: 'Renewal grace must be whole days between 1 and 365',
    });
  });

  it('keeps the contact group id', () => {
    expect(schema.parse({ ...valid, contact_group_id: ' cg-1 ' }).contact_group_id).toBe('cg-1');
    expect(schema.parse({ ...valid, contact_group_id: '' }).contact_group_id).toBeNull();
  });
});

describe('createTokenRequestSchema', () => {
  const request = createTokenRequestSchema(now);

  it('requires workspace_id', () => {
    const result = request.safeParse(valid);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Workspace is required']);
  });

  it('keeps workspace_id with the token fields', () => {
    const data = request.parse({ ...valid, workspace_id: 'ws-1' });
    expect(data.workspace_id).toBe('ws-1');
    expect(data.type).toBe('ssl_cert');
  });
});
