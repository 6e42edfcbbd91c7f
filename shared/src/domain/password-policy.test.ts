import { COMMON_PASSWORDS } from './common-passwords';
import { isCommonPassword, newPasswordSchema, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('needs at least 12 characters', () => {
    expect(passwordProblem('a1b2c3d4e5f')).toBe('Password must be at least 12 characters');
    expect(passwordProblem('a1b2c3d4e5f6')).toBeNull();
    expect(passwordProblem('')).toBe('Password must be at least 12 characters');
  });

  it('allows at most 128 characters', () => {
    expect(passwordProblem('ab'.repeat(64))).toBeNull();
    expect(passwordProblem(`${'ab'.repeat(64)}c`)).toBe('Password must be 128 characters or less');
  });

  it('refuses the common passwords, whatever the case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(50);
    for (const password of COMMON_PASSWORDS) {
      expect(passwordProblem(password)).toBe(
        'This password is too common. Choose a less guessable one.',
      );
    }
    expect(isCommonPassword('Password1234')).toBe(true);
    expect(isCommonPassword('zzzzzzzzzzzzzz')).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('is a zod schema with the same messages', () => {
    expect(newPasswordSchema.safeParse('short').error?.issues[0]?.message).toBe(
      'Password must be at least 12 characters',
    );
    expect(newPasswordSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Password must be at least 12 characters',
    );
    expect(newPasswordSchema.parse('violet-harbor-41')).toBe('violet-harbor-41');
  });
});
