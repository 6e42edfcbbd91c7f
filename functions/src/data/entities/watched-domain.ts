/**
 * The watched domain entity (ACCESS_PATTERNS.md row 65; codec pattern: entity-codec.ts): a domain
 * a workspace watches in certificate transparency logs, `pk=WS#<workspaceId>`,
 * `sk=WATCHED_DOMAIN#<A-label>`, waiting on the sparse due index with `dueShard=CT_WATCH#<0..3>`
 * (shards no other job reads) and `nextAlertAt=<next read>`. It holds its settings (subdomains,
 * automatic adding, issuer allow-list), who added it and when, and the watch's progress: the id
 * of the last issuance read (Cert Spotter's `after`), when it was last read and the last error.
 * The workspace item counts them in `watchedDomainCount`, against the plan's limit.
 */
import * as z from 'zod';
import { dueShardOf } from '../../domain/alert-schedule';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export const WATCHED_DOMAIN_COUNT = 'watchedDomainCount';
export const CT_WATCH_SHARD_PREFIX = 'CT_WATCH#';

export interface WatchedDomainRecord {
  readonly workspaceId: string;
  readonly domain: string;
  readonly includeSubdomains: boolean;
  readonly autoAdd: boolean;
  readonly allowedIssuers: readonly string[];
  readonly addedById: string;
  readonly addedAt: string;
  /** The id of the last issuance read; null before the first. */
  readonly position: string | null;
  readonly lastCheckedAt: string | null;
  readonly lastError: string | null;
  readonly nextCheckAt: string;
}

export const watchedDomainItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('WATCHED_DOMAIN'),
  includeSubdomains: z.boolean(),
  autoAdd: z.boolean(),
  allowedIssuers: z.array(z.string()),
  addedById: z.string(),
  addedAt: z.string(),
  position: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  dueShard: z.string(),
  nextAlertAt: z.string(),
});

export type WatchedDomainItem = z.output<typeof watchedDomainItemSchema>;

export const watchedDomainCodec = {
  entity: 'WATCHED_DOMAIN',
  itemSchema: watchedDomainItemSchema,

  keyOf: ({ workspaceId, domain }) => keys.watchedDomain(workspaceId, domain),

  toItem: (record) => ({
    ...keys.watchedDomain(record.workspaceId, record.domain),
    entity: 'WATCHED_DOMAIN',
    includeSubdomains: record.includeSubdomains,
    autoAdd: record.autoAdd,
    allowedIssuers: [...record.allowedIssuers],
    addedById: record.addedById,
    addedAt: record.addedAt,
    position: record.position,
    lastCheckedAt: record.lastCheckedAt,
    lastError: record.lastError,
    dueShard: `${CT_WATCH_SHARD_PREFIX}${dueShardOf(`${record.workspaceId}#${record.domain}`)}`,
    nextAlertAt: record.nextCheckAt,
  }),

  fromItem(item) {
    const {
      pk,
      sk,
      entity: _entity,
      dueShard: _dueShard,
      nextAlertAt,
      ...stored
    } = parseItem('WATCHED_DOMAIN', watchedDomainItemSchema, item);
    return {
      workspaceId: requireKeyPart('WATCHED_DOMAIN', item, keyParts.workspaceId(pk), 'workspace id'),
      domain: requireKeyPart('WATCHED_DOMAIN', item, keyParts.watchedDomain(sk), 'domain'),
      ...stored,
      nextCheckAt: nextAlertAt,
    };
  },
} satisfies EntityCodec<WatchedDomainRecord, WatchedDomainItem>;
