/**
 * Rules that depend on a token's category and type: the type must belong to the category, only
 * crypto types carry algorithm and key_size, and fields of other categories are not stored.
 */
import type { z } from 'zod';
import type { Category, CategoryField, TokenType } from './categories';
import {
  CATEGORY_DEFINITIONS,
  CATEGORIES,
  allowedCategoryFields,
  allowsCryptoFields,
  isCategory,
  isTypeOfCategory,
} from './categories';
import { REGISTERED_DOMAIN_MESSAGES } from './registered-domains';
import { VALIDATION_MESSAGES as M, invalidTypeMessage } from './validation-messages';

type IssueSink = Pick<z.RefinementCtx, 'addIssue'>;

/** Every extra field of any category: the fields a token of another category leaves null. */
const ALL_CATEGORY_FIELDS: readonly CategoryField[] = [
  ...new Set(CATEGORIES.flatMap((category) => CATEGORY_DEFINITIONS[category].fields)),
];

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Adds the issues of the category/type rules for (possibly partly parsed) token data: the type
 * must belong to the category, and algorithm/key_size must be empty unless the type allows them.
 * Tolerates values that failed their own field checks (they are reported there).
 */
export function checkTypeRules(
  data: Readonly<Record<string, unknown>>,
  category: unknown,
  type: unknown,
  ctx: IssueSink,
): void {
  if (!isCategory(category) || typeof type !== 'string') return;
  const trimmed = type.trim();
  if (trimmed === '') return;
  if (!isTypeOfCategory(category, trimmed)) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: invalidTypeMessage(category) });
    return;
  }
  if (isSet(data.registration_domain) && trimmed !== 'domain_registration') {
    ctx.addIssue({
      code: 'custom',
      path: ['registration_domain'],
      message: REGISTERED_DOMAIN_MESSAGES.typeOnly,
    });
  }
  if (allowsCryptoFields(trimmed)) return;
  if (isSet(data.algorithm)) {
    ctx.addIssue({ code: 'custom', path: ['algorithm'], message: M.algorithmNotAllowed });
  }
  if (isSet(data.key_size)) {
    ctx.addIssue({ code: 'custom', path: ['key_size'], message: M.keySizeNotAllowed });
  }
}

/**
 * Returns the data with every extra field that does not belong to the category and type cleared
 * (null, or [] for domains). Fields absent from the data stay absent.
 */
export function clearForeignFields<T extends object>(
  data: T,
  category: Category,
  type: TokenType,
): T {
  const allowed = allowedCategoryFields(category, type);
  const result = { ...data } as Record<string, unknown>;
  for (const field of ALL_CATEGORY_FIELDS) {
    if (allowed.includes(field) || !(field in result) || result[field] === undefined) continue;
    result[field] = field === 'domains' ? [] : null;
  }
  return result as T;
}

/**
 * For `superRefine(..., { when: whenObject })`: the category/type rules run even when other
 * fields failed (so every message shows at once), but only on an object input; a body that is
 * null, a string or an array has already failed and has no fields to check.
 */
export function whenObject(payload: { readonly value: unknown }): boolean {
  const { value } = payload;
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
