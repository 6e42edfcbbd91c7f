/**
 * A workspace's calendar feed: the URL each member copies into a calendar app (personal: its key
 * names the member), replacing every member's key at once (admins and workspace managers,
 * audited), and the feed itself, fetched without a session: the key proves who took the link, and
 * the feed is served only while that member may still see the workspace (a member whose role
 * sees the feed, in a workspace open to them). A wrong key, a member who left or lost access and a
 * missing workspace answer the same 404, so the answer tells nothing.
 */
import type { CalendarFeedLink } from '@expiry-radar/shared/api/calendar-feed-api-schemas';
import { canRotateCalendarFeed, canSeeCalendarFeed } from '@expiry-radar/shared/domain/permissions';
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  advanceCalendarFeedRotation,
  readCalendarFeedRotation,
  readCalendarFeedSubject,
  type CalendarFeedSubject,
} from '../../data/calendar-feed-records';
import { listAllTokens } from '../../data/token-records';
import type { UserRecord } from '../../data/user-records';
import { buildCalendarFeed } from '../../domain/calendar-feed';
import {
  calendarFeedKey,
  calendarFeedKeyHolder,
  calendarFeedPath,
  verifyCalendarFeedKey,
} from '../../domain/calendar-feed-key';
import { AppError } from '../../platform/app-error';
import { getConfig } from '../../platform/config';
import { tokenUrl } from '../alerts/alert-links';
import { isOpenTo, type WorkspaceAccess } from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';

/** The member's own link at `rotation`. */
async function linkFor(
  access: WorkspaceAccess,
  member: Pick<UserRecord, 'id'>,
  rotation: number,
): Promise<CalendarFeedLink> {
  const [keyMaterial] = await getAlertLinkKeys();
  if (!keyMaterial) throw new Error('No alert link key material');
  return {
    path: calendarFeedPath(
      access.workspaceId,
      calendarFeedKey(access.workspaceId, member.id, rotation, keyMaterial),
    ),
    canRotate: canRotateCalendarFeed(access.role),
  };
}

export async function calendarFeedLink(
  access: WorkspaceAccess,
  member: Pick<UserRecord, 'id'>,
): Promise<CalendarFeedLink> {
  if (!canSeeCalendarFeed(access.role)) throw new AppError('FORBIDDEN');
  return linkFor(access, member, await readCalendarFeedRotation(access.workspaceId));
}

export async function rotateCalendarFeed(
  access: WorkspaceAccess,
  actor: Pick<UserRecord, 'id' | 'email'>,
  now: Date,
): Promise<CalendarFeedLink> {
  if (!canRotateCalendarFeed(access.role)) {
    throw new AppError(
      'FORBIDDEN',
      'Only admins and workspace managers can replace the calendar link.',
    );
  }
  const rotation = await advanceCalendarFeedRotation(access.workspaceId);
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.calendarFeedRotated,
    target: { type: 'workspace', id: access.workspaceId, name: access.name },
    metadata: { rotation },
    now,
  });
  return linkFor(access, actor, rotation);
}

const NOT_FOUND_MESSAGE = 'Calendar not found.';

/** Whether the member the key names may still see the feed: the same rules as signed in. */
function holderMaySee({ workspace, holder }: CalendarFeedSubject): boolean {
  return holder !== undefined && canSeeCalendarFeed(holder.role) && isOpenTo(workspace, holder);
}

/** What the feed shows, when `key` is a current key of a member who may see it; else 404. */
async function subjectOfKey(workspaceId: string, key: string): Promise<CalendarFeedSubject> {
  const holderId = calendarFeedKeyHolder(key);
  const subject = holderId ? await readCalendarFeedSubject(workspaceId, holderId) : undefined;
  if (
    !subject ||
    !verifyCalendarFeedKey(key, workspaceId, subject.rotation, await getAlertLinkKeys()) ||
    !holderMaySee(subject)
  ) {
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  }
  return subject;
}

/**
 * The feed's iCalendar text; 404 for a wrong key, a member who can no longer see the workspace
 * or an unknown workspace alike.
 */
export async function renderCalendarFeed(
  workspaceId: string,
  key: string,
  now: Date,
): Promise<string> {
  const subject = await subjectOfKey(workspaceId, key);
  const tokens = (await listAllTokens(workspaceId)).map((record) => record.token);
  const { appOrigin } = getConfig();
  return buildCalendarFeed({
    workspaceId,
    workspaceName: subject.workspace.name,
    tokens,
    thresholds: subject.thresholds,
    tokenUrl: (tokenId) => tokenUrl(appOrigin, workspaceId, tokenId),
    now,
  });
}
