/**
 * The calendar feed's reads and its one write (ACCESS_PATTERNS.md rows 53–54): what the feed
 * needs before its tokens (the workspace, the key's rotation and the alert thresholds) in one
 * BatchGetItem, the rotation alone, and replacing the key by adding 1 to the rotation.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_ALERT_THRESHOLDS } from '@expiry-radar/shared/domain/alerts';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { alertSettingsCodec } from './entities/alert-settings';
import { calendarFeedCodec } from './entities/calendar-feed';
import { workspaceCodec, type WorkspaceRecord } from './entities/workspace';
import { keys } from './keys';
import { batchGetAll } from './table-operations';

export interface CalendarFeedSubject {
  readonly workspace: WorkspaceRecord;
  readonly rotation: number;
  /** Days before expiry the workspace alerts at (its alert settings, else the defaults). */
  readonly thresholds: readonly number[];
}

/** The workspace, its feed's rotation and its thresholds; undefined when there is no workspace. */
export async function readCalendarFeedSubject(
  workspaceId: string,
): Promise<CalendarFeedSubject | undefined> {
  const workspaceKey = keys.workspace(workspaceId);
  const feedKey = keys.calendarFeed(workspaceId);
  const settingsKey = keys.alertSettings(workspaceId);
  const items = await batchGetAll([workspaceKey, feedKey, settingsKey], { consistentRead: true });
  const itemOf = (key: { sk: string }) => items.find((item) => item.sk === key.sk);
  const workspaceItem = itemOf(workspaceKey);
  if (!workspaceItem) return undefined;
  const feedItem = itemOf(feedKey);
  const settingsItem = itemOf(settingsKey);
  return {
    workspace: workspaceCodec.fromItem(workspaceItem).workspace,
    rotation: feedItem ? calendarFeedCodec.fromItem(feedItem).rotation : 0,
    thresholds: settingsItem
      ? alertSettingsCodec.fromItem(settingsItem).settings.thresholds
      : [...DEFAULT_ALERT_THRESHOLDS],
  };
}

/** How many times the workspace's feed key was replaced (0: never). */
export async function readCalendarFeedRotation(workspaceId: string): Promise<number> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.calendarFeed(workspaceId),
      ConsistentRead: true,
    }),
  );
  return Item ? calendarFeedCodec.fromItem(Item).rotation : 0;
}

/** Replaces the feed's key: the rotation after adding 1. */
export async function advanceCalendarFeedRotation(workspaceId: string): Promise<number> {
  const { Attributes } = await getDocumentClient().send(
    new UpdateCommand({
      TableName: getConfig().tableName,
      Key: keys.calendarFeed(workspaceId),
      UpdateExpression: 'ADD rotation :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!Attributes) throw new Error(`No calendar feed item after rotating ${workspaceId}`);
  return calendarFeedCodec.fromItem(Attributes).rotation;
}
