/**
 * The calendar feed's reads and its one write (ACCESS_PATTERNS.md rows 53–54): what the feed
 * needs before its tokens (the workspace, the key's rotation, the alert thresholds, and the
 * membership and account of the member the key names) in one BatchGetItem, the rotation alone,
 * and replacing every member's key by adding 1 to the rotation.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_ALERT_THRESHOLDS } from '@expiry-radar/shared/domain/alerts';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { alertSettingsCodec } from './entities/alert-settings';
import { calendarFeedCodec } from './entities/calendar-feed';
import { memberCodec } from './entities/member';
import { userCodec } from './entities/user';
import { workspaceCodec, type WorkspaceRecord } from './entities/workspace';
import { keys } from './keys';
import { batchGetAll, readItem, type TableItem, type TableKey } from './table-operations';

/** The member a feed key names, as the feed checks them. */
export interface CalendarFeedHolder {
  readonly id: string;
  /** Null: a role this version does not know. */
  readonly role: Role | null;
  readonly twoFactorEnabled: boolean;
}

export interface CalendarFeedSubject {
  readonly workspace: WorkspaceRecord;
  readonly rotation: number;
  /** Days before expiry the workspace alerts at (its alert settings, else the defaults). */
  readonly thresholds: readonly number[];
  /** Undefined when the user is not a member of the workspace or has no account. */
  readonly holder: CalendarFeedHolder | undefined;
}

function holderFrom(
  membershipItem: TableItem | undefined,
  userItem: TableItem | undefined,
): CalendarFeedHolder | undefined {
  if (!membershipItem || !userItem) return undefined;
  const { user } = userCodec.fromItem(userItem);
  return {
    id: user.id,
    role: memberCodec.fromItem(membershipItem).role,
    twoFactorEnabled: user.twoFactorEnabled,
  };
}

/**
 * The workspace, its feed's rotation and thresholds, and the member `holderId` as the feed needs
 * them; undefined when there is no workspace.
 */
export async function readCalendarFeedSubject(
  workspaceId: string,
  holderId: string,
): Promise<CalendarFeedSubject | undefined> {
  const workspaceKey = keys.workspace(workspaceId);
  const feedKey = keys.calendarFeed(workspaceId);
  const settingsKey = keys.alertSettings(workspaceId);
  const membershipKey = keys.membership(workspaceId, holderId);
  const userKey = keys.user(holderId);
  const items = await batchGetAll([workspaceKey, feedKey, settingsKey, membershipKey, userKey], {
    consistentRead: true,
  });
  const itemOf = (key: TableKey) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
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
    holder: holderFrom(itemOf(membershipKey), itemOf(userKey)),
  };
}

/** How many times the workspace's feed keys were replaced (0: never). */
export async function readCalendarFeedRotation(workspaceId: string): Promise<number> {
  const item = await readItem(keys.calendarFeed(workspaceId), { consistentRead: true });
  return item ? calendarFeedCodec.fromItem(item).rotation : 0;
}

/** Replaces every member's feed key: the rotation after adding 1. */
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
