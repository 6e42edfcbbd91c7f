/**
 * Recovery codes: RECOVERY_CODE_COUNT single-use codes of 16 characters from an alphabet without
 * look-alikes (0/o, 1/l/i), 80 random bits each, shown as `xxxx-xxxx-xxxx-xxxx`. Only their
 * SHA-256 is stored: with 80 bits a fast hash is enough, and a leaked table does not leak codes.
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, normalizeCode } from '@expiry-radar/shared/domain/two-factor';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const CODE_LENGTH = GROUPS * GROUP_LENGTH;

function newRecoveryCode(): string {
  const characters = Array.from({ length: CODE_LENGTH }, () =>
    ALPHABET.charAt(randomInt(ALPHABET.length)),
  );
  const groups = Array.from({ length: GROUPS }, (_, index) =>
    characters.slice(index * GROUP_LENGTH, (index + 1) * GROUP_LENGTH).join(''),
  );
  return groups.join('-');
}

/** A fresh set of distinct codes. */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** A typed code in the form its hash is taken of, or undefined when it cannot be one. */
export function recoveryCodeKey(typed: string): string | undefined {
  const key = normalizeCode(typed);
  if (key.length !== CODE_LENGTH) return undefined;
  return [...key].every((character) => ALPHABET.includes(character)) ? key : undefined;
}
