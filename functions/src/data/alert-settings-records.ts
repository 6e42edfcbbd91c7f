/**
 * A workspace's alert settings: one item `pk=WS#<id>`, `sk=ALERT_SETTINGS` (ACCESS_PATTERNS.md
 * rows 32–33). A workspace without the item has the defaults (email alerts on, to the admin;
 * thresholds 30, 14, 7, 1, 0); the item is created on first read so that the generic-webhook
 * signing secret is stable from then on.
 */
import { randomBytes } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_ALERT_THRESHOLDS } from '@expiry-radar/shared/domain/alerts';
import type { WorkspaceAlertSettings } from '../domain/alert-channels';
import { nextRevision } from '../domain/search-entries';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { alertSettingsCodec, type AlertSettingsRecord } from './entities/alert-settings';
import { itemSize, MAX_ITEM_BYTES } from './item-size';
import { keys } from './keys';
import { conditionFailedAt, readItem, type TableItem } from './table-operations';

/** What a workspace configures; the signing secret is kept apart (never sent back by a PUT). */
export type AlertSettingsChanges = Omit<WorkspaceAlertSettings, 'workspaceId' | 'signing_secret'>;

export type { AlertSettingsRecord } from './entities/alert-settings';

export class WorkspaceNotFoundError extends Error {
  constructor(workspaceId: string) {
    super(`Workspace ${workspaceId} not found`);
    this.name = 'WorkspaceNotFoundError';
  }
}

/** 32 random bytes; receivers use the whole string (UTF-8) as the HMAC-SHA256 key. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function defaultAlertSettings(
  workspaceId: string,
  signingSecret: string,
): WorkspaceAlertSettings {
  return {
    workspaceId,
    email_alerts_enabled: true,
    webhook_urls: [],
    contact_groups: [],
    default_contact_group_id: null,
    thresholds: [...DEFAULT_ALERT_THRESHOLDS],
    signing_secret: signingSecret,
  };
}

/** The workspace's alert settings, defaults applied (creating the item on first read). */
export async function readAlertSettings(workspaceId: string): Promise<WorkspaceAlertSettings> {
  return (await readAlertSettingsRecord(workspaceId)).settings;
}

/**
 * The workspace's stored alert settings, without creating them: undefined while it has none (the
 * defaults, with no contact groups).
 */
export async function findAlertSettings(
  workspaceId: string,
): Promise<WorkspaceAlertSettings | undefined> {
  const item = await getSettingsItem(workspaceId);
  return item ? alertSettingsCodec.fromItem(item).settings : undefined;
}

export async function readAlertSettingsRecord(workspaceId: string): Promise<AlertSettingsRecord> {
  const existing = await getSettingsItem(workspaceId);
  if (existing) return alertSettingsCodec.fromItem(existing);
  const created = await createDefaultRecord(workspaceId);
  if (created) return created;
  // Another reader created it first, or the workspace does not exist.
  const raced = await getSettingsItem(workspaceId);
  if (raced) return alertSettingsCodec.fromItem(raced);
  throw new WorkspaceNotFoundError(workspaceId);
}

/** The REMOVE clause of attributes a write clears, if any. */
function removals(attributes: readonly string[]): string {
  return attributes.length > 0 ? ` REMOVE ${attributes.join(', ')}` : '';
}

export type AlertSettingsWriteResult =
  | { readonly ok: true; readonly record: AlertSettingsRecord }
  /** `too_large`: the item would pass DynamoDB's item size limit; nothing was sent. */
  | { readonly ok: false; readonly reason: 'frozen' | 'conflict' | 'too_large' };

/**
 * Replaces the configured settings if the item is still at `expectedRevision` and the workspace
 * exists and is not frozen, in one transaction. `rotateSigningSecret` also replaces the secret.
 * The new `updatedAt` is later than `previousUpdatedAt` (domain/search-entries `nextRevision`),
 * so each revision has its own entity tag (shared/api/entity-tags).
 * Settings within the schema's list limits can still make an item beyond DynamoDB's 400 KB (long
 * addresses in many groups), so the item as it would be after the write is measured first.
 */
export async function writeAlertSettings(options: {
  workspaceId: string;
  changes: AlertSettingsChanges;
  expectedRevision: number;
  /** The stored item's `updatedAt` at `expectedRevision`, if known; null: never saved. */
  previousUpdatedAt?: string | null;
  rotateSigningSecret?: boolean;
  now: Date;
}): Promise<AlertSettingsWriteResult> {
  const { tableName } = getConfig();
  const { workspaceId, changes, expectedRevision, previousUpdatedAt, now } = options;
  const revision = expectedRevision + 1;
  const updatedAt = nextRevision(previousUpdatedAt ?? '', now);
  const rotated = options.rotateSigningSecret ? newSigningSecret() : undefined;
  const after = alertSettingsCodec.toItem({
    settings: {
      workspaceId,
      ...changes,
      // Every secret comes from newSigningSecret, so a new one has the stored one's length.
      signing_secret: rotated ?? newSigningSecret(),
    },
    revision,
    updatedAt,
  });
  if (itemSize(after) > MAX_ITEM_BYTES) return { ok: false, reason: 'too_large' };
  const values: Record<string, unknown> = {
    ':enabled': after.email_alerts_enabled,
    ':webhooks': after.webhook_urls,
    ':groups': after.contact_groups,
    ':defaultGroup': after.default_contact_group_id,
    ':thresholds': after.thresholds,
    ':revision': revision,
    ':expected': expectedRevision,
    ':updatedAt': updatedAt,
  };
  if (rotated) values[':secret'] = after.signingSecret;
  if (after.delivery_window) values[':window'] = after.delivery_window;
  if (after.renewal_grace_days) values[':grace'] = after.renewal_grace_days;
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName,
              Key: keys.workspace(workspaceId),
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(isFrozen) OR isFrozen = :false)',
              ExpressionAttributeValues: { ':false': false },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: keys.alertSettings(workspaceId),
              UpdateExpression:
                [
                  'SET email_alerts_enabled = :enabled, webhook_urls = :webhooks',
                  'contact_groups = :groups, default_contact_group_id = :defaultGroup',
                  'thresholds = :thresholds, revision = :revision, updatedAt = :updatedAt',
                  ...(rotated ? ['signingSecret = :secret'] : []),
                  ...(after.delivery_window ? ['delivery_window = :window'] : []),
                  ...(after.renewal_grace_days ? ['renewal_grace_days = :grace'] : []),
                ].join(', ') +
                removals([
                  ...(after.delivery_window ? [] : ['delivery_window']),
                  ...(after.renewal_grace_days ? [] : ['renewal_grace_days']),
                ]),
              ConditionExpression: 'revision = :expected',
              ExpressionAttributeValues: values,
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) return { ok: false, reason: 'frozen' };
    if (conditionFailedAt(error, 1)) return { ok: false, reason: 'conflict' };
    throw error;
  }
  const current = await getSettingsItem(workspaceId);
  const signingSecret =
    rotated ?? (current ? alertSettingsCodec.fromItem(current).settings.signing_secret : '');
  return {
    ok: true,
    record: {
      settings: { workspaceId, ...changes, signing_secret: signingSecret },
      revision,
      updatedAt,
    },
  };
}

async function getSettingsItem(workspaceId: string): Promise<TableItem | undefined> {
  const item = await readItem(keys.alertSettings(workspaceId), { consistentRead: true });
  return item;
}

/** Puts the defaults with a new secret, only while the workspace exists and has no item yet. */
async function createDefaultRecord(workspaceId: string): Promise<AlertSettingsRecord | undefined> {
  const { tableName } = getConfig();
  const record: AlertSettingsRecord = {
    settings: defaultAlertSettings(workspaceId, newSigningSecret()),
    revision: 0,
    updatedAt: null,
  };
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName,
              Key: keys.workspace(workspaceId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: alertSettingsCodec.toItem(record),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return record;
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 1)) return undefined;
    throw error;
  }
}
