/** Query and answers of the token routes. Bodies are the domain's token schemas. */
import * as z from 'zod';
import { TOKEN_PAGE_SIZE } from '../constants/paging';
import type { Category } from '../domain/categories';
import { isCategory } from '../domain/categories';
import { FIELD_MAX_LENGTHS } from '../domain/field-limits';
import { tokenSchema } from '../domain/token';
import { DEFAULT_TOKEN_SORT, TOKEN_SEARCH_MAX_LENGTH, tokenSortSchema } from '../domain/token-list';
import { VALIDATION_MESSAGES } from '../domain/validation-messages';
import { limitField, offsetField, okResponse, workspaceIdField } from './common-schemas';

/** One or more categories: repeated (`category[]=cert&category[]=license`) or comma-separated. */
const categoryList = z
  .union([z.string(), z.array(z.string())])
  .transform((value, ctx): Category[] => {
    const parts = (typeof value === 'string' ? [value] : value)
      .flatMap((entry) => entry.split(','))
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const categories: Category[] = [];
    for (const part of parts) {
      if (!isCategory(part)) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalidCategory });
        return z.NEVER;
      }
      if (!categories.includes(part)) categories.push(part);
    }
    return categories;
  });

/**
 * `GET /api/tokens` query. `category` may come as `category[]` (API Gateway joins repeated keys
 * with commas) or `category`; the output has `category` only (undefined when none). `section` is
 * a section name, `__none__` for unsectioned tokens, or `__all__`/absent for every section.
 */
export const listTokensQuery = z
  .object({
    workspace_id: workspaceIdField,
    limit: limitField(TOKEN_PAGE_SIZE, TOKEN_PAGE_SIZE),
    offset: offsetField,
    q: z
      .string()
      .trim()
      .max(TOKEN_SEARCH_MAX_LENGTH, `Search must be ${TOKEN_SEARCH_MAX_LENGTH} characters or less`)
      .optional(),
    sort: tokenSortSchema.default(DEFAULT_TOKEN_SORT),
    category: categoryList.optional(),
    'category[]': categoryList.optional(),
    section: z.string().trim().max(FIELD_MAX_LENGTHS.section).optional(),
    /**
     * Only the tokens this member owns: a user id, or `me` for the caller ("Assigned to me").
     */
    owner_id: z.string().trim().min(1).max(200).optional(),
    /** One token by id (an alert's link opens its details): the page holds it alone, if any. */
    id: z.string().trim().min(1).max(200).optional(),
  })
  .transform(({ 'category[]': bracketed, category, q, section, ...rest }) => {
    const categories = [...new Set([...(category ?? []), ...(bracketed ?? [])])];
    return {
      ...rest,
      q: q === '' ? undefined : q,
      section: section === '' ? undefined : section,
      category: categories.length > 0 ? categories : undefined,
    };
  });
export type ListTokensQuery = z.output<typeof listTokensQuery>;

export const tokenFacetsSchema = z.object({
  /** Tokens per category value. */
  category: z.record(z.string(), z.number().int().nonnegative()),
  /** Tokens per section; `section: null` counts tokens without one. */
  section: z.array(z.object({ section: z.string().nullable(), count: z.number().int() })),
});
export type TokenFacets = z.infer<typeof tokenFacetsSchema>;

export const listTokensResponse = z.object({
  items: z.array(tokenSchema),
  total: z.number().int().nonnegative(),
  facets: tokenFacetsSchema,
});
export type ListTokensResponse = z.infer<typeof listTokensResponse>;

/** Create and update answer with the stored token. */
export const tokenResponse = tokenSchema;

export const deleteTokenResponse = okResponse;
