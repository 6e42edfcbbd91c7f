/** Default expiry suggestions, for the create form and the renew dialog. */
import type { Category, TokenType } from './categories';
import { addCalendarDays, parseDate } from './calendar-date';

export const SHORT_DEFAULT_EXPIRY_DAYS = 90;
export const LONG_DEFAULT_EXPIRY_DAYS = 365;

/**
 * Days until the suggested expiry: api_key and ssh_key 365; password, secret, encryption_key 90;
 * cert 90; license 365; anything else 90.
 */
export function defaultExpiryDays(category: Category, type?: TokenType | null): number {
  if (category === 'key_secret') {
    return type === 'api_key' || type === 'ssh_key'
      ? LONG_DEFAULT_EXPIRY_DAYS
      : SHORT_DEFAULT_EXPIRY_DAYS;
  }
  if (category === 'license') return LONG_DEFAULT_EXPIRY_DAYS;
  return SHORT_DEFAULT_EXPIRY_DAYS;
}

/** The suggested expiry as `YYYY-MM-DD`: that many UTC calendar days after the day of `now`. */
export function defaultExpiryDate(
  category: Category,
  type: TokenType | null | undefined,
  now: Date,
): string {
  return addCalendarDays(now, defaultExpiryDays(category, type));
}

/**
 * The suggested new expiry of a renewal: the type's term after the current expiry while that is
 * still ahead (a renewal before the end starts the next term where this one ends, so it never
 * shortens what was paid for), else after today. `YYYY-MM-DD`.
 */
export function renewalExpiryDate(
  token: {
    readonly category: Category;
    readonly type?: TokenType | null;
    readonly expiresAt: string;
  },
  now: Date,
): string {
  const current = parseDate(token.expiresAt);
  const from = current && current.getTime() > now.getTime() ? current : now;
  return defaultExpiryDate(token.category, token.type, from);
}
