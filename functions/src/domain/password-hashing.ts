/**
 * Password hashes with scrypt from node:crypto (no native module in the Lambda bundle). Stored as
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>` so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, COST);
  return [
    PREFIX,
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Whether `password` matches `storedHash`; false for any malformed hash. */
export async function verifyPassword(password: string, storedHash: string): Promise<boolean> {
  const [prefix, rawN, rawR, rawP, rawSalt, rawKey, ...rest] = storedHash.split('$');
  if (prefix !== PREFIX || rawSalt === undefined || rawKey === undefined || rest.length > 0) {
    return false;
  }
  const [N, r, p] = [rawN, rawR, rawP].map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const salt = Buffer.from(rawSalt, 'base64url');
  const expected = Buffer.from(rawKey, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await deriveKey(password, salt, { N, r, p, maxmem: 256 * N * r });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when no account (or no password) exists, so response
 * times do not tell which email addresses have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches');
  await verifyPassword(password, await dummyHash);
  return false;
}
