/**
 * The registration schedule entity (ACCESS_PATTERNS.md row 60; codec pattern: entity-codec.ts):
 * when the domain a "Domain registration" token follows is looked up next at its registry,
 * `pk=WS#<workspaceId>`, `sk=REGISTRATION_SCHEDULE#<tokenId>`, waiting on the sparse due index
 * with `dueShard=REGISTRATION_CHECK#<0..3>` (shards no other job reads) and `nextAlertAt=<next
 * check>`. It holds the domain (the A-label) the token followed when it was written.
 */
import * as z from 'zod';
import { dueShardOf } from '../../domain/alert-schedule';
import { keyParts, keys } from '../keys';
import { MalformedItemError, parseItem, type EntityCodec } from './entity-codec';

export const REGISTRATION_CHECK_SHARD_PREFIX = 'REGISTRATION_CHECK#';

export function registrationCheckShardOf(tokenId: string): string {
  return `${REGISTRATION_CHECK_SHARD_PREFIX}${dueShardOf(tokenId)}`;
}

export interface RegistrationScheduleRecord {
  readonly workspaceId: string;
  readonly tokenId: string;
  readonly domain: string;
  /** ISO instant of the next check. */
  readonly nextCheckAt: string;
}

export const registrationScheduleItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('REGISTRATION_SCHEDULE'),
  domain: z.string(),
  dueShard: z.string(),
  nextAlertAt: z.string(),
});

export type RegistrationScheduleItem = z.output<typeof registrationScheduleItemSchema>;

export const registrationScheduleCodec = {
  entity: 'REGISTRATION_SCHEDULE',
  itemSchema: registrationScheduleItemSchema,

  keyOf: ({ workspaceId, tokenId }) => keys.registrationSchedule(workspaceId, tokenId),

  toItem: ({ workspaceId, tokenId, domain, nextCheckAt }) => ({
    ...keys.registrationSchedule(workspaceId, tokenId),
    entity: 'REGISTRATION_SCHEDULE',
    domain,
    dueShard: registrationCheckShardOf(tokenId),
    nextAlertAt: nextCheckAt,
  }),

  fromItem(item) {
    const parsed = parseItem('REGISTRATION_SCHEDULE', registrationScheduleItemSchema, item);
    const workspaceId = keyParts.workspaceId(parsed.pk);
    const tokenId = keyParts.registrationScheduleTokenId(parsed.sk);
    if (!workspaceId || !tokenId) {
      throw new MalformedItemError('REGISTRATION_SCHEDULE', `${parsed.pk} ${parsed.sk}`, 'key');
    }
    return { workspaceId, tokenId, domain: parsed.domain, nextCheckAt: parsed.nextAlertAt };
  },
} satisfies EntityCodec<RegistrationScheduleRecord, RegistrationScheduleItem>;
