import { TOKEN_FILE_COLUMNS, TOKEN_FILE_FIELDS } from './token-file';
import {
  categoryAndTypeProblems,
  categoryValueOf,
  doublyMappedFields,
  fieldOfHeader,
  importKey,
  resolveColumnMapping,
  rowInput,
  typeValueOf,
  unmappedRequiredFields,
} from './token-import';

describe('column mapping', () => {
  it('matches the export’s columns to their fields and ignores what the product sets', () => {
    const mapping = resolveColumnMapping(TOKEN_FILE_COLUMNS);
    for (const field of TOKEN_FILE_FIELDS) expect(mapping[field]).toBe(field);
    for (const column of ['id', 'created_at', 'updated_at', 'workspace_id']) {
      expect(mapping[column]).toBeNull();
    }
  });

  it('matches labels and common names in any case and spacing', () => {
    expect(fieldOfHeader('Expiration Date')).toBe('expiresAt');
    expect(fieldOfHeader(' expires_at ')).toBe('expiresAt');
    expect(fieldOfHeader('NotAfter')).toBe('expiresAt');
    expect(fieldOfHeader('Used By')).toBe('used_by');
    expect(fieldOfHeader('Serial')).toBe('serial_number');
    expect(fieldOfHeader('SANs')).toBe('domains');
    expect(fieldOfHeader('Colour')).toBeNull();
  });

  it('takes the given mapping first and feeds each field from one column only', () => {
    const mapping = resolveColumnMapping(['Title', 'Name', 'Expires', 'Kind'], {
      Title: 'name',
      Kind: null,
    });
    expect(mapping).toEqual({ Title: 'name', Name: null, Expires: 'expiresAt', Kind: null });
    expect(unmappedRequiredFields(mapping)).toEqual(['type']);
    expect(doublyMappedFields({ A: 'name', B: 'name', C: 'type' })).toEqual([
      { field: 'name', columns: ['A', 'B'] },
    ]);
  });
});

describe('rowInput', () => {
  const mapping = { Name: 'name', Category: 'category', Type: 'type', Notes: null } as const;

  it('keeps mapped fields only, with category and type values from their labels', () => {
    expect(
      rowInput({ Name: 'A', Category: 'keys & secrets', Type: 'SSH Key', Notes: 'x' }, mapping),
    ).toEqual({ name: 'A', category: 'key_secret', type: 'ssh_key' });
  });

  it("takes the type's category when the row has none, and leaves unknown text to the schema", () => {
    expect(rowInput({ Name: 'A', Category: '', Type: 'Domain Registration' }, mapping)).toEqual({
      name: 'A',
      category: 'license',
      type: 'domain_registration',
    });
    expect(rowInput({ Name: 'A', Type: 'mystery' }, mapping)).toEqual({
      name: 'A',
      type: 'mystery',
    });
  });

  it('keys rows by type and trimmed name', () => {
    expect(importKey({ name: ' A ', type: 'api_key' })).toBe(
      importKey({ name: 'A', type: 'api_key' }),
    );
    expect(importKey({ name: 'A', type: 'api_key' })).not.toBe(
      importKey({ name: 'a', type: 'api_key' }),
    );
    expect(importKey({ name: '', type: 'api_key' })).toBeNull();
  });
});

describe('category and type names', () => {
  it('takes values, labels and natural names, singular or plural, in any case', () => {
    for (const name of ['cert', 'Certificate', 'CERTIFICATES', 'certs']) {
      expect(categoryValueOf(name)).toBe('cert');
    }
    for (const name of ['key_secret', 'Keys & Secrets', 'key and secret', 'Secrets', 'Key']) {
      expect(categoryValueOf(name)).toBe('key_secret');
    }
    for (const name of ['License', 'licenses', 'Licence'])
      expect(categoryValueOf(name)).toBe('license');
    expect(categoryValueOf('General')).toBe('general');
    expect(typeValueOf('SSL Certificates')).toBe('ssl_cert');
    expect(typeValueOf('api keys')).toBe('api_key');
    expect(typeValueOf('Passwords')).toBe('password');
    expect(typeValueOf('ssh_key')).toBe('ssh_key');
    expect(categoryValueOf('Gadgets')).toBe('Gadgets');
  });

  it('says what is wrong and lists the accepted values', () => {
    expect(categoryAndTypeProblems({ category: 'cert', type: 'ssl_cert' })).toEqual([]);
    expect(categoryAndTypeProblems({ category: '', type: '' })).toEqual([]);
    const [category] = categoryAndTypeProblems({ category: 'Gadgets', type: 'other' });
    expect(category).toEqual({
      field: 'category',
      message:
        'Category "Gadgets" is not known. Use one of: Certificates (cert), Keys & Secrets (key_secret), Licenses (license), General (general).',
    });
    const [type] = categoryAndTypeProblems({ category: 'general', type: 'Gizmo' });
    expect(type).toEqual({
      field: 'type',
      message:
        'Type "Gizmo" is not known. Use one of: Other (other), Document (document), Membership (membership).',
    });
  });
});
