import { readCsv } from './csv-text';
import type { Token } from './token';
import { tokenSchema } from './token';
import {
  TOKEN_FILE_COLUMNS,
  TOKEN_FILE_FIELDS,
  TOKEN_FIELDS_OUTSIDE_THE_FILE,
  tokenFileRecord,
  tokensToCsv,
  tokensToJson,
} from './token-file';

const token: Token = {
  id: 'ws-1.abc',
  name: '=Billing cert',
  type: 'ssl_cert',
  category: 'cert',
  expiresAt: '2030-01-31',
  section: 'prod',
  domains: ['example.com', 'www.example.com'],
  location: null,
  used_by: null,
  contact_group_id: null,
  issuer: "Let's Encrypt",
  serial_number: '0A:1B',
  subject: 'CN=example.com, O="Acme, Inc."',
  key_size: 2048,
  algorithm: 'RSA',
  license_type: null,
  vendor: null,
  cost: null,
  renewal_url: null,
  renewal_date: null,
  contacts: null,
  description: null,
  notes: 'two\nlines',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  workspace_id: 'ws-1',
};

describe('the token file', () => {
  it('has a column for every field of a token, importable fields first', () => {
    // The owner is a member's id in the token and their address in the file.
    const fields = TOKEN_FILE_COLUMNS.map((column) => (column === 'owner' ? 'owner_id' : column));
    expect([...fields, ...TOKEN_FIELDS_OUTSIDE_THE_FILE].sort()).toEqual(
      Object.keys(tokenSchema.shape).sort(),
    );
    expect(TOKEN_FILE_COLUMNS.slice(0, 4)).toEqual(['name', 'category', 'type', 'expiresAt']);
    expect(TOKEN_FILE_COLUMNS.slice(TOKEN_FILE_FIELDS.length)).toEqual([
      'id',
      'created_at',
      'updated_at',
      'workspace_id',
    ]);
  });

  it('writes CSV with the columns in file order and domains in one cell', () => {
    const table = readCsv(tokensToCsv([token]));
    expect(table.columns).toEqual(TOKEN_FILE_COLUMNS);
    expect(table.records[0]).toMatchObject({
      name: '=Billing cert',
      domains: 'example.com, www.example.com',
      subject: 'CN=example.com, O="Acme, Inc."',
      key_size: '2048',
      cost: '',
      notes: 'two\nlines',
      id: 'ws-1.abc',
    });
    expect(tokensToCsv([])).toBe(`${TOKEN_FILE_COLUMNS.join(',')}\r\n`);
  });

  it('writes JSON rows with the keys in file order and the values as stored', () => {
    expect(Object.keys(tokenFileRecord(token))).toEqual(TOKEN_FILE_COLUMNS);
    // A token stored without the alert fields has their empty values in the file.
    expect(JSON.parse(tokensToJson([token]))).toEqual([
      {
        ...token,
        owner: null,
        additional_contact_group_ids: [],
        renews_automatically: false,
        renewal_grace_days: null,
      },
    ]);
  });

  it("writes the owner's address in the owner column", () => {
    const owned = { ...token, owner_id: 'user-1' };
    const emailOf = (t: Token) => (t.owner_id === 'user-1' ? 'ada@example.com' : null);
    expect(readCsv(tokensToCsv([owned, token], emailOf)).records.map((r) => r.owner)).toEqual([
      'ada@example.com',
      '',
    ]);
    expect(tokenFileRecord(owned, emailOf)).toMatchObject({ owner: 'ada@example.com' });
    expect(tokenFileRecord(owned, emailOf)).not.toHaveProperty('owner_id');
  });
});
