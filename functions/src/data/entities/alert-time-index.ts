/**
 * The alert time index marker (ACCESS_PATTERNS.md row 15; codec pattern: entity-codec.ts): one
 * per workspace, `pk=WS#<workspaceId>`, `sk=ALERT_TIME_INDEX`, written once every alert record of
 * the workspace carries its entry in the alerts-by-time index (records stored before that index
 * get theirs on the workspace's first listing, alert-listing.ts). It sits in the workspace's index
 * partition itself (`gsi2pk=WS#<workspaceId>#ALERTS`, `gsi2sk=~INDEXED`, after every instant), so
 * the listing's descending query reads it first, with no request of its own. Goes with the
 * workspace's other items.
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { alertTimeIndexKeys, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface AlertTimeIndexMarker {
  readonly workspaceId: string;
  /** ISO instant the workspace's older records were indexed. */
  readonly indexedAt: string;
}

export const alertTimeIndexMarkerItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ALERT_TIME_INDEX'),
  workspaceId: z.string(),
  indexedAt: z.string(),
  gsi2pk: z.string(),
  gsi2sk: z.literal(alertTimeIndexKeys.marker),
});

export type AlertTimeIndexMarkerItem = z.output<typeof alertTimeIndexMarkerItemSchema>;

export const alertTimeIndexMarkerCodec = {
  entity: 'ALERT_TIME_INDEX',
  itemSchema: alertTimeIndexMarkerItemSchema,

  keyOf: ({ workspaceId }) => keys.alertTimeIndexMarker(workspaceId),

  toItem: ({ workspaceId, indexedAt }) => ({
    ...keys.alertTimeIndexMarker(workspaceId),
    entity: 'ALERT_TIME_INDEX',
    workspaceId,
    indexedAt,
    gsi2pk: alertTimeIndexKeys.partition(workspaceId),
    gsi2sk: alertTimeIndexKeys.marker,
  }),

  fromItem(item) {
    const parsed = parseItem('ALERT_TIME_INDEX', alertTimeIndexMarkerItemSchema, item);
    return { workspaceId: parsed.workspaceId, indexedAt: parsed.indexedAt };
  },
} satisfies EntityCodec<AlertTimeIndexMarker, AlertTimeIndexMarkerItem>;

/** Whether an item of the alerts-by-time index is the marker rather than an alert record. */
export function isAlertTimeIndexMarker(item: Record<string, unknown>): boolean {
  return item.gsi2sk === alertTimeIndexKeys.marker;
}

/**
 * How far the giving of entries to a workspace's older records has come, while it has not
 * finished (`pk=WS#<workspaceId>`, `sk=ALERT_TIME_INDEX_PROGRESS`, no index keys): the sort key of
 * the last record handled, so the next listing goes on after it. Deleted once the marker is
 * written. Goes with the workspace's other items.
 *
 * Reading: every attribute is required.
 */
export interface AlertTimeIndexProgress {
  readonly workspaceId: string;
  /** The sort key of the last alert record given its entry (or found to have one). */
  readonly resumeAfterSk: string;
  /** ISO instant this progress was written. */
  readonly updatedAt: string;
}

export const alertTimeIndexProgressItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ALERT_TIME_INDEX_PROGRESS'),
  workspaceId: z.string(),
  resumeAfterSk: z.string(),
  updatedAt: z.string(),
});

export type AlertTimeIndexProgressItem = z.output<typeof alertTimeIndexProgressItemSchema>;

export const alertTimeIndexProgressCodec = {
  entity: 'ALERT_TIME_INDEX_PROGRESS',
  itemSchema: alertTimeIndexProgressItemSchema,

  keyOf: ({ workspaceId }) => keys.alertTimeIndexProgress(workspaceId),

  toItem: ({ workspaceId, resumeAfterSk, updatedAt }) => ({
    ...keys.alertTimeIndexProgress(workspaceId),
    entity: 'ALERT_TIME_INDEX_PROGRESS',
    workspaceId,
    resumeAfterSk,
    updatedAt,
  }),

  fromItem(item) {
    const { workspaceId, resumeAfterSk, updatedAt } = parseItem(
      'ALERT_TIME_INDEX_PROGRESS',
      alertTimeIndexProgressItemSchema,
      item,
    );
    return { workspaceId, resumeAfterSk, updatedAt };
  },
} satisfies EntityCodec<AlertTimeIndexProgress, AlertTimeIndexProgressItem>;
