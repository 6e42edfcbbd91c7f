/**
 * A workspace's alert settings: one item `pk=WS#<id>`, `sk=ALERT_SETTINGS` (ACCESS_PATTERNS.md
 * rows 32–33). A workspace without the item has the defaults (email alerts on, to the admin;
 * thresholds 30, 14, 7, 1, 0); the item is created on first read so that the generic-webhook
 * signing secret is stable from then on.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_ALERT_THRESHOLDS,
  isWebhookKind,
  PAGERDUTY_SEVERITIES,
} from '@expiry-radar/shared/domain/alerts';
import type {
  ContactGroup,
  WebhookChannel,
  WorkspaceAlertSettings,
} from '../domain/alert-channels';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { itemSize, MAX_ITEM_BYTES } from './item-size';
import { keys } from './keys';
import { conditionFailedAt, type TableItem } from './table-operations';

/** What a workspace configures; the signing secret is kept apart (never sent back by a PUT). */
export type AlertSettingsChanges = Omit<WorkspaceAlertSettings, 'workspaceId' | 'signing_secret'>;

export interface AlertSettingsRecord {
  readonly settings: WorkspaceAlertSettings;
  /** Bumped on every write; a write names the revision it read (optimistic concurrency). */
  readonly revision: number;
  /** When settings were last saved by someone; null while they are the defaults. */
  readonly updatedAt: string | null;
}

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

export async function readAlertSettingsRecord(workspaceId: string): Promise<AlertSettingsRecord> {
  const existing = await getSettingsItem(workspaceId);
  if (existing) return toRecord(workspaceId, existing);
  const created = await createDefaultItem(workspaceId);
  if (created) return toRecord(workspaceId, created);
  // Another reader created it first, or the workspace does not exist.
  const raced = await getSettingsItem(workspaceId);
  if (raced) return toRecord(workspaceId, raced);
  throw new WorkspaceNotFoundError(workspaceId);
}

export type AlertSettingsWriteResult =
  | { readonly ok: true; readonly record: AlertSettingsRecord }
  /** `too_large`: the item would pass DynamoDB's item size limit; nothing was sent. */
  | { readonly ok: false; readonly reason: 'frozen' | 'conflict' | 'too_large' };

/**
 * Replaces the configured settings if the item is still at `expectedRevision` and the workspace
 * exists and is not frozen, in one transaction. `rotateSigningSecret` also replaces the secret.
 * Settings within the schema's list limits can still make an item beyond DynamoDB's 400 KB (long
 * addresses in many groups), so the item as it would be after the write is measured first.
 */
export async function writeAlertSettings(options: {
  workspaceId: string;
  changes: AlertSettingsChanges;
  expectedRevision: number;
  rotateSigningSecret?: boolean;
  now: Date;
}): Promise<AlertSettingsWriteResult> {
  const { tableName } = getConfig();
  const { workspaceId, changes, expectedRevision } = options;
  const revision = expectedRevision + 1;
  const updatedAt = options.now.toISOString();
  const rotated = options.rotateSigningSecret ? newSigningSecret() : undefined;
  const values: Record<string, unknown> = {
    ':enabled': changes.email_alerts_enabled,
    ':webhooks': changes.webhook_urls.map(storedWebhook),
    ':groups': changes.contact_groups.map(storedGroup),
    ':defaultGroup': changes.default_contact_group_id,
    ':thresholds': [...changes.thresholds],
    ':revision': revision,
    ':expected': expectedRevision,
    ':updatedAt': updatedAt,
  };
  if (rotated) values[':secret'] = rotated;
  const after = {
    ...keys.alertSettings(workspaceId),
    workspaceId,
    email_alerts_enabled: values[':enabled'],
    webhook_urls: values[':webhooks'],
    contact_groups: values[':groups'],
    default_contact_group_id: values[':defaultGroup'],
    thresholds: values[':thresholds'],
    // Every secret comes from newSigningSecret, so a new one has the stored one's length.
    signingSecret: rotated ?? newSigningSecret(),
    revision,
    updatedAt,
  };
  if (itemSize(after) > MAX_ITEM_BYTES) return { ok: false, reason: 'too_large' };
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
              UpdateExpression: [
                'SET email_alerts_enabled = :enabled, webhook_urls = :webhooks',
                'contact_groups = :groups, default_contact_group_id = :defaultGroup',
                'thresholds = :thresholds, revision = :revision, updatedAt = :updatedAt',
                ...(rotated ? ['signingSecret = :secret'] : []),
              ].join(', '),
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
  const signingSecret = rotated ?? (current ? String(current.signingSecret) : '');
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
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.alertSettings(workspaceId),
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** Puts the defaults with a new secret, only while the workspace exists and has no item yet. */
async function createDefaultItem(workspaceId: string): Promise<TableItem | undefined> {
  const { tableName } = getConfig();
  const defaults = defaultAlertSettings(workspaceId, newSigningSecret());
  const item: TableItem = {
    ...keys.alertSettings(workspaceId),
    workspaceId,
    email_alerts_enabled: defaults.email_alerts_enabled,
    webhook_urls: [],
    contact_groups: [],
    default_contact_group_id: null,
    thresholds: [...defaults.thresholds],
    signingSecret: defaults.signing_secret,
    revision: 0,
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
              Item: item,
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return item;
  } catch (error) {
    if (conditionFailedAt(error, 0) || conditionFailedAt(error, 1)) return undefined;
    throw error;
  }
}

function storedWebhook(channel: WebhookChannel): Record<string, unknown> {
  return {
    name: channel.name,
    kind: channel.kind,
    url: channel.url,
    ...(channel.routing_key ? { routing_key: channel.routing_key } : {}),
    ...(channel.severity ? { severity: channel.severity } : {}),
  };
}

function storedGroup(group: ContactGroup): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    emails: [...group.emails],
    webhook_names: [...group.webhook_names],
    ...(group.thresholds ? { thresholds: [...group.thresholds] } : {}),
  };
}

function toRecord(workspaceId: string, item: TableItem): AlertSettingsRecord {
  const thresholds = numbers(item.thresholds);
  return {
    settings: {
      workspaceId,
      email_alerts_enabled: item.email_alerts_enabled !== false,
      webhook_urls: objects(item.webhook_urls).flatMap(toWebhook),
      contact_groups: objects(item.contact_groups).map(toGroup),
      default_contact_group_id:
        typeof item.default_contact_group_id === 'string' ? item.default_contact_group_id : null,
      thresholds: thresholds ?? [...DEFAULT_ALERT_THRESHOLDS],
      signing_secret: String(item.signingSecret),
    },
    revision: typeof item.revision === 'number' ? item.revision : 0,
    updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : null,
  };
}

function toWebhook(item: TableItem): WebhookChannel[] {
  if (!isWebhookKind(item.kind)) return [];
  const severity = PAGERDUTY_SEVERITIES.find((value) => value === item.severity);
  return [
    {
      name: String(item.name),
      kind: item.kind,
      url: String(item.url),
      ...(typeof item.routing_key === 'string' ? { routing_key: item.routing_key } : {}),
      ...(severity ? { severity } : {}),
    },
  ];
}

function toGroup(item: TableItem): ContactGroup {
  const thresholds = numbers(item.thresholds);
  return {
    id: String(item.id),
    name: String(item.name),
    emails: strings(item.emails),
    webhook_names: strings(item.webhook_names),
    ...(thresholds ? { thresholds } : {}),
  };
}

function objects(value: unknown): TableItem[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is TableItem => typeof entry === 'object' && entry !== null)
    : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

function numbers(value: unknown): number[] | undefined {
  return Array.isArray(value)
    ? value.filter((entry): entry is number => typeof entry === 'number')
    : undefined;
}
