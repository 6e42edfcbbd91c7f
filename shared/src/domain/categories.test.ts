import {
  CATEGORIES,
  CATEGORY_DEFINITIONS,
  CATEGORY_LIST,
  TOKEN_TYPES,
  allowedCategoryFields,
  allowsCryptoFields,
  categoryOfType,
  isCategory,
  isTokenType,
  isTypeOfCategory,
} from './categories';

describe('categories', () => {
  it('lists the four categories with their types', () => {
    expect(CATEGORY_LIST.map((c) => [c.value, c.types.map((t) => t.value)])).toEqual([
      ['cert', ['ssl_cert', 'tls_cert', 'code_signing', 'client_cert']],
      ['key_secret', ['api_key', 'secret', 'password', 'encryption_key', 'ssh_key']],
      ['license', ['software_license', 'service_subscription', 'domain_registration']],
      ['general', ['other', 'document', 'membership']],
    ]);
  });

  it('gives each a label, a hex colour and labelled types', () => {
    for (const category of CATEGORY_LIST) {
      expect(category.label).not.toBe('');
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/i);
      for (const type of category.types) expect(type.label).not.toBe('');
    }
    expect(new Set(CATEGORY_LIST.map((c) => c.color)).size).toBe(4);
  });

  it("has each category's dashboard columns", () => {
    expect(CATEGORIES.map((c) => CATEGORY_DEFINITIONS[c].columns.map((col) => col.label))).toEqual([
      ['Domains', 'Issuer'],
      ['Location', 'Used By', 'Description'],
      ['Vendor', 'License Type'],
      ['Location', 'Used By'],
    ]);
  });

  it('maps types to categories', () => {
    expect(TOKEN_TYPES).toHaveLength(15);
    for (const category of CATEGORIES) {
      for (const type of CATEGORY_DEFINITIONS[category].types) {
        expect(categoryOfType(type.value)).toBe(category);
        expect(isTypeOfCategory(category, type.value)).toBe(true);
      }
    }
    expect(isTypeOfCategory('cert', 'api_key')).toBe(false);
    expect(isCategory('cert')).toBe(true);
    expect(isCategory('certs')).toBe(false);
    expect(isTokenType('ssh_key')).toBe(true);
    expect(isTokenType(1)).toBe(false);
  });

  it('allows algorithm and key size for certs, encryption and SSH keys only', () => {
    expect(TOKEN_TYPES.filter(allowsCryptoFields)).toEqual([
      'ssl_cert',
      'tls_cert',
      'code_signing',
      'client_cert',
      'encryption_key',
      'ssh_key',
    ]);
    expect(allowedCategoryFields('key_secret', 'api_key')).toEqual([
      'location',
      'used_by',
      'description',
    ]);
    expect(allowedCategoryFields('key_secret', 'ssh_key')).toContain('key_size');
    expect(allowedCategoryFields('cert', 'client_cert')).toEqual([
      'domains',
      'issuer',
      'serial_number',
      'subject',
      'algorithm',
      'key_size',
    ]);
    expect(allowedCategoryFields('license', 'software_license')).toEqual([
      'vendor',
      'license_type',
      'cost',
      'renewal_url',
      'renewal_date',
      'contacts',
    ]);
    expect(allowedCategoryFields('general', 'other')).toEqual(['location', 'used_by']);
  });
});
