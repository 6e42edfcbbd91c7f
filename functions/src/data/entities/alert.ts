/**
 * The alert entity (ACCESS_PATTERNS.md rows 15 and 34; codec pattern: entity-codec.ts): one item
 * per alert window of a token, `pk=WS#<workspaceId>`, `sk=ALERT#<window opens at>#<alertId>`.
 * The alert id is token id + expiry date + threshold (domain/alert-schedule `alertIdOf`), so the
 * key of an alert follows from its id and a second scan of the same window finds the same item.
 * Deliveries (one per email address, one per webhook) are a map `deliveries.<key>` inside it,
 * absent until the worker planned them. A record that needs a person (failed or skipped
 * deliveries no longer retried automatically) also carries `gsi1pk=ALERTS_ATTENTION#<workspaceId>`
 * and `gsi1sk=<its sk>`. Every record is listed by when it was queued: `gsi2pk=WS#<workspaceId>#ALERTS`,
 * `gsi2sk=<createdAt>#<its sk>` (records from before carry it once their workspace is listed:
 * alert-listing.ts). `ttl`: a year after it was created.
 *
 * Reading: ids, token, expiry date, threshold and times are required. An unknown record or
 * delivery status reads as pending and an unknown channel kind as email (`.catch`); a missing
 * token name or delivery target reads as '', a missing counter or revision as 0, a missing flag as
 * false, a missing error, time or digest as null, and a delivery without a channel is named by its
 * key. `rev` counts the changes of its deliveries (the outcome is written over the one it read).
 */
import * as z from 'zod';
import { ALERT_CHANNELS } from '@expiry-radar/shared/domain/alerts';
import type {
  AlertRecord,
  AlertRecordStatus,
  DeliveryState,
  DeliveryStatus,
} from '../../domain/alert-delivery-model';
import { alertWindows, parseAlertId } from '../../domain/alert-schedule';
import { workspaceIdOfToken } from '../../domain/token-ids';
import { alertTimeIndexKeys, epochSeconds, gsi1, keys } from '../keys';
import type { TableKey } from '../table-operations';
import { parseItem, type EntityCodec } from './entity-codec';

/** Alert records are kept a year after they were created, then removed by TTL. */
export const ALERT_RETENTION_SECONDS = 365 * 24 * 60 * 60;

/**
 * A stored alert: the record the worker and the API use, whether it waits for a person, and the
 * revision of its deliveries.
 */
export interface StoredAlertRecord extends AlertRecord {
  readonly needsAttention: boolean;
  readonly revision: number;
}

/** Where an alert is stored, from its id alone; undefined for ids that are not ours. */
export function alertLocation(
  alertId: string,
): { readonly workspaceId: string; readonly key: TableKey } | undefined {
  const parsed = parseAlertId(alertId);
  const workspaceId = parsed ? workspaceIdOfToken(parsed.tokenId) : undefined;
  const window = parsed ? alertWindows(parsed.expiresAt, [parsed.threshold])[0] : undefined;
  if (!workspaceId || !window) return undefined;
  return { workspaceId, key: keys.alert(workspaceId, window.opensAt.toISOString(), alertId) };
}

export function requireAlertLocation(alertId: string) {
  const location = alertLocation(alertId);
  if (!location) throw new Error(`Not an alert id: ${alertId}`);
  return location;
}

/**
 * An alert's entry in the alerts-by-time index (the alert queue's list, ACCESS_PATTERNS.md row
 * 15). `createdAt` is when the scan queued the alert, the time the bell shows beside it and that
 * never changes after (`updatedAt` moves with every delivery attempt).
 */
export function alertTimeIndexAttributes(alertId: string, createdAt: string) {
  const { workspaceId, key } = requireAlertLocation(alertId);
  return {
    gsi2pk: alertTimeIndexKeys.partition(workspaceId),
    gsi2sk: alertTimeIndexKeys.entry(createdAt, key.sk),
  };
}

/** The index entry of an alert waiting for a person (requeue, ACCESS_PATTERNS.md row 34). */
export function attentionAttributes(alertId: string) {
  const { workspaceId, key } = requireAlertLocation(alertId);
  return gsi1.alertNeedingAttention(workspaceId, key.sk);
}

const DELIVERY_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
] as const satisfies readonly DeliveryStatus[];
const RECORD_STATUSES = [
  'pending',
  'sent',
  'partial',
  'failed',
] as const satisfies readonly AlertRecordStatus[];

const optionalText = z.string().nullable().default(null);

export const alertDeliveryItemSchema = z.object({
  channel: z.string().optional(),
  kind: z.enum(ALERT_CHANNELS).catch('email'),
  target: z.string().default(''),
  status: z.enum(DELIVERY_STATUSES).catch('pending'),
  attempts: z.number().default(0),
  lastError: optionalText,
  permanent: z.boolean().default(false),
  sentAt: optionalText,
  leaseUntil: optionalText,
  nextAttemptAt: optionalText,
  digestId: optionalText,
});

export const alertItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ALERT'),
  id: z.string(),
  workspaceId: z.string(),
  tokenId: z.string(),
  tokenName: z.string().default(''),
  expiresAt: z.string(),
  threshold: z.number(),
  deliveries: z.record(z.string(), alertDeliveryItemSchema).optional(),
  status: z.enum(RECORD_STATUSES).catch('pending'),
  deadLettered: z.boolean().default(false),
  receives: z.number().default(0),
  lastError: optionalText,
  nextAttemptAt: optionalText,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Counts changes of its deliveries: an outcome is written only over the revision it read. */
  rev: z.number().default(0),
  gsi1pk: z.string().optional(),
  gsi1sk: z.string().optional(),
  gsi2pk: z.string().optional(),
  gsi2sk: z.string().optional(),
  ttl: z.number(),
});

export type AlertItem = z.output<typeof alertItemSchema>;
export type AlertDeliveryItem = z.output<typeof alertDeliveryItemSchema>;

/** The `deliveries` map of an alert item: each delivery under its key. */
export function alertDeliveriesItem(
  deliveries: readonly DeliveryState[],
): Record<string, AlertDeliveryItem> {
  return Object.fromEntries(
    deliveries.map(({ key, ...delivery }): [string, AlertDeliveryItem] => [key, delivery]),
  );
}

/** Email deliveries first, then webhooks, each by target. */
function byChannel(a: DeliveryState, b: DeliveryState): number {
  const rank = (delivery: DeliveryState) => (delivery.kind === 'email' ? 0 : 1);
  return rank(a) - rank(b) || a.target.localeCompare(b.target);
}

export const alertCodec = {
  entity: 'ALERT',
  itemSchema: alertItemSchema,

  keyOf: (record) => requireAlertLocation(record.alertId).key,

  toItem: ({ alertId, deliveries, needsAttention, revision, ...record }) => ({
    ...requireAlertLocation(alertId).key,
    entity: 'ALERT',
    id: alertId,
    ...record,
    rev: revision,
    ...(deliveries === null ? {} : { deliveries: alertDeliveriesItem(deliveries) }),
    ...(needsAttention ? attentionAttributes(alertId) : {}),
    ...alertTimeIndexAttributes(alertId, record.createdAt),
    ttl: epochSeconds(new Date(record.createdAt)) + ALERT_RETENTION_SECONDS,
  }),

  fromItem(item) {
    const parsed = parseItem('ALERT', alertItemSchema, item);
    const deliveries = parsed.deliveries
      ? Object.entries(parsed.deliveries)
          .map(([key, delivery]) => ({ ...delivery, key, channel: delivery.channel ?? key }))
          .sort(byChannel)
      : null;
    return {
      alertId: parsed.id,
      workspaceId: parsed.workspaceId,
      tokenId: parsed.tokenId,
      tokenName: parsed.tokenName,
      expiresAt: parsed.expiresAt,
      threshold: parsed.threshold,
      deliveries,
      status: parsed.status,
      deadLettered: parsed.deadLettered,
      receives: parsed.receives,
      lastError: parsed.lastError,
      nextAttemptAt: parsed.nextAttemptAt,
      createdAt: parsed.createdAt,
      updatedAt: parsed.updatedAt,
      needsAttention: parsed.gsi1pk !== undefined,
      revision: parsed.rev,
    };
  },
} satisfies EntityCodec<StoredAlertRecord, AlertItem>;
