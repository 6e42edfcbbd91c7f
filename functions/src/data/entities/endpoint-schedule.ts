/**
 * The endpoint schedule entity (ACCESS_PATTERNS.md row 55; codec pattern: entity-codec.ts): when
 * the TLS endpoints of one token are checked next, `pk=WS#<workspaceId>`,
 * `sk=ENDPOINT_SCHEDULE#<tokenId>`, waiting on the sparse due index with
 * `dueShard=ENDPOINT_CHECK#<0..3>` (shards the expiry scan and the weekly summary never read) and
 * `nextAlertAt=<next check>`. It holds how many endpoints the token has (the plan's endpoint limit
 * sums them), the hours between checks, and when the token was created (after a downgrade the
 * oldest tokens' endpoints are the ones still checked).
 *
 * Reading: every attribute is required but `tokenCreatedAt`, absent from items written before it
 * (they rank first, as the oldest).
 */
import * as z from 'zod';
import { dueShardOf } from '../../domain/alert-schedule';
import { keyParts, keys } from '../keys';
import { MalformedItemError, parseItem, type EntityCodec } from './entity-codec';

export const ENDPOINT_CHECK_SHARD_PREFIX = 'ENDPOINT_CHECK#';

export function endpointCheckShardOf(tokenId: string): string {
  return `${ENDPOINT_CHECK_SHARD_PREFIX}${dueShardOf(tokenId)}`;
}

export interface EndpointScheduleRecord {
  readonly workspaceId: string;
  readonly tokenId: string;
  readonly endpointCount: number;
  readonly intervalHours: number;
  /** ISO instant of the next check. */
  readonly nextCheckAt: string;
  /** ISO instant the token was created; null on items written before it was kept. */
  readonly tokenCreatedAt: string | null;
}

export const endpointScheduleItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ENDPOINT_SCHEDULE'),
  endpointCount: z.number().int().nonnegative(),
  intervalHours: z.number().int().positive(),
  dueShard: z.string(),
  nextAlertAt: z.string(),
  tokenCreatedAt: z.string().optional(),
});

export type EndpointScheduleItem = z.output<typeof endpointScheduleItemSchema>;

export const endpointScheduleCodec = {
  entity: 'ENDPOINT_SCHEDULE',
  itemSchema: endpointScheduleItemSchema,

  keyOf: ({ workspaceId, tokenId }) => keys.endpointSchedule(workspaceId, tokenId),

  toItem: ({
    workspaceId,
    tokenId,
    endpointCount,
    intervalHours,
    nextCheckAt,
    tokenCreatedAt,
  }) => ({
    ...keys.endpointSchedule(workspaceId, tokenId),
    entity: 'ENDPOINT_SCHEDULE',
    endpointCount,
    intervalHours,
    dueShard: endpointCheckShardOf(tokenId),
    nextAlertAt: nextCheckAt,
    ...(tokenCreatedAt ? { tokenCreatedAt } : {}),
  }),

  fromItem(item) {
    const parsed = parseItem('ENDPOINT_SCHEDULE', endpointScheduleItemSchema, item);
    const workspaceId = keyParts.workspaceId(parsed.pk);
    const tokenId = keyParts.endpointScheduleTokenId(parsed.sk);
    if (!workspaceId || !tokenId) {
      throw new MalformedItemError('ENDPOINT_SCHEDULE', `${parsed.pk} ${parsed.sk}`, 'key');
    }
    return {
      workspaceId,
      tokenId,
      endpointCount: parsed.endpointCount,
      intervalHours: parsed.intervalHours,
      nextCheckAt: parsed.nextAlertAt,
      tokenCreatedAt: parsed.tokenCreatedAt ?? null,
    };
  },
} satisfies EntityCodec<EndpointScheduleRecord, EndpointScheduleItem>;
