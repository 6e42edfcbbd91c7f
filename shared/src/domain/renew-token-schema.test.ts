import { renewTokenSchema } from './renew-token-schema';

const now = new Date('2025-06-15T23:59:59Z');
const schema = renewTokenSchema(now);

function message(input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('renewTokenSchema', () => {
  it('accepts tomorrow', () => {
    expect(schema.parse({ expiresAt: '2025-06-16' })).toEqual({ expiresAt: '2025-06-16' });
  });

  it.each([
    [{}, 'Expiration date is required'],
    [{ expiresAt: '' }, 'Expiration date is required'],
    [{ expiresAt: null }, 'Expiration date is required'],
    [{ expiresAt: 'next week' }, 'Invalid date format'],
    [{ expiresAt: '2025-06-15' }, 'Expiration date must be in the future'],
    [{ expiresAt: '2025-06-14' }, 'Expiration date must be in the future'],
  ])('refuses %p', (input, expected) => {
    expect(message(input)).toBe(expected);
  });
});
