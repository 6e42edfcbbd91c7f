import { emailSchema } from './email';

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', `${'a'.repeat(250)}@example.com`, 42])(
    'refuses %p',
    (value) => {
      expect(emailSchema.safeParse(value).error?.issues[0]?.message).toBe(
        'Please enter a valid email address',
      );
    },
  );
});
