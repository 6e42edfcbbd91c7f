/** Small schemas shared by several routes: paging, path parameters, empty answers. */
import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../constants/paging';
import { ID_MAX_LENGTH, workspaceIdSchema } from '../domain/ids';

/** `{ ok: true }`: the answer of calls that have nothing else to return. */
export const okResponse = z.object({ ok: z.literal(true) });

/** A redirect (302) with no JSON body: Google sign-in and email verification links. */
export const redirectResponse = z.unknown().describe('302 redirect to a page of the app; no body');

export const idSchema = z.string().trim().min(1).max(ID_MAX_LENGTH);

export const idParams = z.object({ id: idSchema });
export const memberParams = z.object({ id: idSchema, userId: idSchema });

/** A query `limit`: an integer from 1 to `max`, `fallback` when absent. */
export function limitField(fallback: number, max: number = MAX_PAGE_SIZE) {
  const message = `Limit must be an integer between 1 and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback);
}

export const offsetField = z.coerce
  .number({ error: 'Offset must be a non-negative integer' })
  .int('Offset must be a non-negative integer')
  .min(0, 'Offset must be a non-negative integer')
  .default(0);

export function pagingQuery(fallbackLimit: number, maxLimit: number = MAX_PAGE_SIZE) {
  return z.object({ limit: limitField(fallbackLimit, maxLimit), offset: offsetField });
}

export const workspaceIdField = workspaceIdSchema();

/** A page of items with the total count (when the server knows it). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative().optional() });
}
