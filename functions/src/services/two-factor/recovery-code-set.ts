/** A new set of recovery codes: the codes to show once, and the hashes to keep. */
import { newRecoveryCodes, recoveryCodeKey } from '../../domain/recovery-codes';
import { hashSecret } from '../../data/secret-hash';

export interface RecoveryCodeSet {
  readonly codes: readonly string[];
  readonly hashes: readonly string[];
}

/** The stored form of a typed recovery code; undefined when it cannot be one. */
export function recoveryCodeHash(typed: string): string | undefined {
  const key = recoveryCodeKey(typed);
  return key === undefined ? undefined : hashSecret(key);
}

export function newRecoveryCodeSet(): RecoveryCodeSet {
  const codes = newRecoveryCodes();
  return { codes, hashes: codes.map((code) => recoveryCodeHash(code)!) };
}
