import type { Token } from '@expiry-radar/shared/domain/token';
import { tokenFixture } from '../../../test-support/token-fixtures';
import { CATEGORY_DEFINITIONS } from '@expiry-radar/shared/domain/categories';
import {
  DEFAULT_SORT,
  requestSort,
  sortColumns,
  sortOptions,
  sortTokens,
  sortValue,
  toggleSort,
} from './token-sorting';

const token = (overrides: Partial<Token>): Token =>
  tokenFixture({ id: overrides.name ?? 'id', workspace_id: 'ws', ...overrides });

const names = (tokens: Token[]) => tokens.map((item) => item.name);

describe('token sorting', () => {
  it('toggles the direction on the same key and starts a new key ascending', () => {
    expect(toggleSort(DEFAULT_SORT, 'expiresAt')).toEqual({ key: 'expiresAt', direction: 'desc' });
    expect(toggleSort({ key: 'expiresAt', direction: 'desc' }, 'expiresAt').direction).toBe('asc');
    expect(toggleSort({ key: 'expiresAt', direction: 'desc' }, 'name')).toEqual({
      key: 'name',
      direction: 'asc',
    });
  });

  it('compares dates as dates, whatever their format', () => {
    const tokens = [
      token({ name: 'b', expiresAt: '2030-02-01T00:00:00.000Z' }),
      token({ name: 'a', expiresAt: '2030-01-15' }),
      token({ name: 'c', expiresAt: '2029-12-31T23:00:00Z' }),
    ];
    expect(names(sortTokens(tokens, { key: 'expiresAt', direction: 'asc' }))).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(names(sortTokens(tokens, { key: 'expiresAt', direction: 'desc' }))).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('joins lists by comma and compares text without regard to case', () => {
    const tokens = [
      token({ name: 'Zeta', domains: ['b.example.com'] }),
      token({ name: 'alpha', domains: ['a.example.com', 'z.example.com'] }),
      token({ name: 'Beta', domains: [] }),
    ];
    expect(names(sortTokens(tokens, { key: 'name', direction: 'asc' }))).toEqual([
      'alpha',
      'Beta',
      'Zeta',
    ]);
    expect(names(sortTokens(tokens, { key: 'domains', direction: 'asc' }))).toEqual([
      'Beta',
      'alpha',
      'Zeta',
    ]);
  });

  it('orders names as the server pages them, so "Load more" only adds rows after those shown', () => {
    // The server's name order: lower-cased names, then token ids, in byte order.
    const serverOrder = [
      token({ id: 't3', name: 'Key 1' }),
      token({ id: 't2', name: 'key 10' }),
      token({ id: 't1', name: 'KEY 9' }),
      token({ id: 't4', name: 'key 9' }),
    ];
    const [first, second, third, fourth] = serverOrder;
    const ascending = { key: 'name', direction: 'asc' } as const;
    const firstPage = sortTokens([second!, first!], ascending);
    expect(names(firstPage)).toEqual(['Key 1', 'key 10']);
    const loaded = sortTokens([...firstPage, fourth!, third!], ascending);
    expect(loaded).toEqual(serverOrder);
    expect(names(sortTokens(loaded, { key: 'name', direction: 'desc' }))).toEqual([
      'key 9',
      'KEY 9',
      'key 10',
      'Key 1',
    ]);
  });

  it('orders equal expiry dates by token id, as the server does', () => {
    const expiresAt = '2030-01-15T00:00:00.000Z';
    const tokens = [
      token({ id: 'b', name: 'alpha', expiresAt }),
      token({ id: 'a', name: 'beta', expiresAt }),
    ];
    expect(names(sortTokens(tokens, DEFAULT_SORT))).toEqual(['beta', 'alpha']);
    expect(names(sortTokens(tokens, { key: 'expiresAt', direction: 'desc' }))).toEqual([
      'alpha',
      'beta',
    ]);
  });

  it('sorts types by their label', () => {
    const tokens = [
      token({ name: 'tls', type: 'tls_cert' }),
      token({ name: 'code', type: 'code_signing' }),
    ];
    expect(names(sortTokens(tokens, { key: 'type', direction: 'asc' }))).toEqual(['code', 'tls']);
  });

  it('asks the server for the order it can give', () => {
    expect(requestSort({ key: 'expiresAt', direction: 'asc' })).toBe('expiration_asc');
    expect(requestSort({ key: 'expiresAt', direction: 'desc' })).toBe('expiration_desc');
    expect(requestSort({ key: 'name', direction: 'asc' })).toBe('name_asc');
    expect(requestSort({ key: 'name', direction: 'desc' })).toBe('name_desc');
    expect(requestSort({ key: 'vendor', direction: 'asc' })).toBe('expiration_asc');
  });

  it('offers the cards every sortable column of the table, in both directions', () => {
    const definition = CATEGORY_DEFINITIONS.key_secret;
    const options = sortOptions(definition);
    expect(options.map((option) => option.label)).toEqual([
      'Name, A to Z',
      'Name, Z to A',
      'Type, A to Z',
      'Type, Z to A',
      'Location, A to Z',
      'Location, Z to A',
      'Used By, A to Z',
      'Used By, Z to A',
      'Description, A to Z',
      'Description, Z to A',
      'Expiration, soonest first',
      'Expiration, latest first',
    ]);
    expect(new Set(options.map((option) => option.sort.key))).toEqual(
      new Set(sortColumns(definition).map((column) => column.key)),
    );
    expect(options.map((option) => option.value)).toContain(sortValue(DEFAULT_SORT));
  });
});
