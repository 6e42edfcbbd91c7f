import { emptyTokenFields, type Token } from '@expiry-radar/shared/domain/token';

/** A token as the API returns it, every optional field empty; `overrides` set what a test needs. */
export function tokenFixture(overrides: Partial<Token> = {}): Token {
  return {
    id: 'tok-1',
    name: 'token',
    type: 'ssl_cert',
    category: 'cert',
    expiresAt: '2030-01-01',
    ...emptyTokenFields(),
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    workspace_id: 'ws-1',
    ...overrides,
  };
}
