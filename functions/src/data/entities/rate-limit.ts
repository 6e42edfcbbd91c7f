/**
 * The rate-limit counter entity (ACCESS_PATTERNS.md rows 6 and 39; codec pattern:
 * entity-codec.ts): one fixed window per rule and subject, `pk=RATE#<rule>#<SHA-256 of the
 * subject>`, `sk=RATE` (subjects are never stored), with the hits counted in the window, when it
 * ends (`windowEndsAt`) and `ttl` then. Counters are changed with update expressions only
 * (data/rate-limiter.ts); a refused conditional write returns the item in DynamoDB's own format,
 * which `rateLimitCounterFromRawItem` reads.
 *
 * Reading: rule and subject come from the key; the end of the window is required, hits not
 * counted yet read as 0.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from 'zod';
import { epochSeconds, keyParts, keys } from '../keys';
import type { TableItem } from '../table-operations';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface RateLimitCounter {
  readonly hits: number;
  /** ISO instant. */
  readonly windowEndsAt: string;
}

export interface StoredRateLimitCounter {
  readonly ruleName: string;
  readonly subjectHash: string;
  readonly counter: RateLimitCounter;
}

export const rateLimitItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  hits: z.number().default(0),
  windowEndsAt: z.string(),
  ttl: z.number(),
});

export type RateLimitItem = z.output<typeof rateLimitItemSchema>;

export const rateLimitCodec = {
  entity: 'RATE_LIMIT',
  itemSchema: rateLimitItemSchema,

  keyOf: ({ ruleName, subjectHash }) => keys.rateLimit(ruleName, subjectHash),

  toItem: ({ ruleName, subjectHash, counter }) => ({
    ...keys.rateLimit(ruleName, subjectHash),
    hits: counter.hits,
    windowEndsAt: counter.windowEndsAt,
    ttl: epochSeconds(new Date(counter.windowEndsAt)),
  }),

  fromItem(item) {
    const { pk, hits, windowEndsAt } = parseItem('RATE_LIMIT', rateLimitItemSchema, item);
    const parts = keyParts.rateLimit(pk);
    return {
      ruleName: requireKeyPart('RATE_LIMIT', item, parts?.ruleName, 'rule name'),
      subjectHash: requireKeyPart('RATE_LIMIT', item, parts?.subjectHash, 'subject hash'),
      counter: { hits, windowEndsAt },
    };
  },
} satisfies EntityCodec<StoredRateLimitCounter, RateLimitItem>;

const counterAttributes = rateLimitItemSchema.pick({ hits: true, windowEndsAt: true });

/**
 * The counter in an item as a refused conditional write returns it (DynamoDB's attribute value
 * format); undefined when there was no item.
 */
export function rateLimitCounterFromRawItem(
  raw: Record<string, AttributeValue> | undefined,
): RateLimitCounter | undefined {
  if (!raw) return undefined;
  const item: TableItem = unmarshall(raw);
  return parseItem('RATE_LIMIT', counterAttributes, item);
}

/** What `windowEndsAtFromItem` reads: a ProjectionExpression for nothing else. */
export const WINDOW_ENDS_AT_PROJECTION = 'windowEndsAt';

/** When the counter's window ends, from an item read with WINDOW_ENDS_AT_PROJECTION. */
export function windowEndsAtFromItem(item: TableItem): string {
  return parseItem('RATE_LIMIT', counterAttributes.pick({ windowEndsAt: true }), item).windowEndsAt;
}
