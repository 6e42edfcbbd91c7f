import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (a state, a token) are the same text, in a time that does not tell how
 * much of a guess was right.
 */
export function sameSecretText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
