/**
 * The integration entity (ACCESS_PATTERNS.md rows 56–59; codec pattern: entity-codec.ts): a
 * workspace's discovery integration, `pk=WS#<workspaceId>`, `sk=INTEGRATION#<integrationId>`:
 * its kind, name, schedule, whether it is enabled, its non-secret settings, its credentials as a
 * sealed envelope (`sealedCredentials`, domain/credential-sealing.ts; null when the kind needs
 * none), the outcome of its last sync, its include and exclude rules (`rules`; absent on those
 * made before rules existed: everything kept, removed tokens marked) and a `revision` every write
 * bumps, and `syncingSince` while a "Sync now" goes on in the background. An enabled integration
 * on the daily schedule waits on the sparse due index (ACCESS_PATTERNS.md row 59) with
 * `dueShard=INTEGRATION_SYNC#<0..3>` and `nextAlertAt=<next scheduled sync>` (`nextSyncAt`);
 * any other has neither attribute, so the index holds only the integrations the job syncs. Deleted with the
 * workspace's other items. The workspace item counts them in `integrationCount` (the plan limit).
 *
 * Reading: ids, kind, name and dates are required; an unknown schedule reads as `daily`, a
 * missing `enabled` as false, missing settings as none, a last sync this version cannot read as
 * none, a missing next sync as none.
 */
import * as z from 'zod';
import {
  INTEGRATION_KINDS,
  INTEGRATION_SCHEDULES,
  REMOVED_AT_SOURCE_ACTIONS,
  type IntegrationKind,
  type IntegrationRules,
  type IntegrationSchedule,
  type LastSync,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { dueShardOf } from '../../domain/alert-schedule';
import { keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

/** The due index shards of scheduled syncs (the expiry scan and the other jobs never read them). */
export const INTEGRATION_SYNC_SHARD_PREFIX = 'INTEGRATION_SYNC#';

export function integrationSyncShardOf(integrationId: string): string {
  return `${INTEGRATION_SYNC_SHARD_PREFIX}${dueShardOf(integrationId)}`;
}

/** The workspace item's attribute counting its integrations. */
export const INTEGRATION_COUNT = 'integrationCount';

export interface IntegrationRecord {
  readonly workspaceId: string;
  readonly integrationId: string;
  readonly kind: IntegrationKind;
  readonly name: string;
  readonly schedule: IntegrationSchedule;
  readonly enabled: boolean;
  readonly settings: Readonly<Record<string, unknown>>;
  /** The credentials sealed as an envelope; never leaves the functions in clear. */
  readonly sealedCredentials: string | null;
  readonly lastSync: LastSync | null;
  /** Include and exclude rules, and what becomes of removed tokens; absent: DEFAULT_INTEGRATION_RULES. */
  readonly rules?: IntegrationRules;
  /**
   * ISO instant of the next scheduled sync (domain/integration-schedule.ts); null or absent when
   * the integration is not enabled on the daily schedule.
   */
  readonly nextSyncAt?: string | null;
  /**
   * ISO instant since when a "Sync now" handed to the integration sync queue is running (it was
   * too large for its request); absent or null when none is.
   */
  readonly syncingSince?: string | null;
  readonly revision: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const lastSyncItemSchema = z.object({
  at: z.string(),
  created: z.number(),
  updated: z.number(),
  removed: z.number(),
  deleted: z.number().optional(),
  errors: z.array(z.string()),
});

/** Rules as stored; patterns are checked when written, and a refused one is skipped when run. */
const rulesItemSchema = z.object({
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  removed: z.enum(REMOVED_AT_SOURCE_ACTIONS).catch('mark'),
  delete_after_days: z.number(),
});

export const integrationItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('INTEGRATION'),
  workspaceId: z.string(),
  integrationId: z.string(),
  kind: z.enum(INTEGRATION_KINDS),
  name: z.string(),
  schedule: z.enum(INTEGRATION_SCHEDULES).catch('daily'),
  enabled: z.boolean().default(false),
  settings: z.record(z.string(), z.unknown()).default({}),
  sealedCredentials: z.string().nullable().default(null),
  lastSync: lastSyncItemSchema.nullable().default(null).catch(null),
  rules: rulesItemSchema.optional().catch(undefined),
  dueShard: z.string().optional(),
  nextAlertAt: z.string().optional(),
  syncingSince: z.string().optional(),
  revision: z.number().default(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type IntegrationItem = z.output<typeof integrationItemSchema>;

export const integrationCodec = {
  entity: 'INTEGRATION',
  itemSchema: integrationItemSchema,

  keyOf: ({ workspaceId, integrationId }) => keys.integration(workspaceId, integrationId),

  toItem: (record) => ({
    ...keys.integration(record.workspaceId, record.integrationId),
    entity: 'INTEGRATION',
    workspaceId: record.workspaceId,
    integrationId: record.integrationId,
    kind: record.kind,
    name: record.name,
    schedule: record.schedule,
    enabled: record.enabled,
    settings: { ...record.settings },
    sealedCredentials: record.sealedCredentials,
    lastSync: record.lastSync ? { ...record.lastSync, errors: [...record.lastSync.errors] } : null,
    ...(record.rules
      ? {
          rules: {
            ...record.rules,
            include: [...record.rules.include],
            exclude: [...record.rules.exclude],
          },
        }
      : {}),
    ...(record.nextSyncAt
      ? { dueShard: integrationSyncShardOf(record.integrationId), nextAlertAt: record.nextSyncAt }
      : {}),
    ...(record.syncingSince ? { syncingSince: record.syncingSince } : {}),
    revision: record.revision,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }),

  fromItem(item) {
    const {
      pk: _pk,
      sk: _sk,
      entity: _entity,
      dueShard: _dueShard,
      nextAlertAt,
      rules,
      syncingSince,
      ...parsed
    } = parseItem('INTEGRATION', integrationItemSchema, item);
    return {
      ...parsed,
      ...(rules ? { rules } : {}),
      nextSyncAt: nextAlertAt ?? null,
      syncingSince: syncingSince ?? null,
    };
  },
} satisfies EntityCodec<IntegrationRecord, IntegrationItem>;
