/**
 * A workspace's calendar feed: the URL members copy into a calendar app, replacing its key
 * (admins and workspace managers, audited), and the feed itself, which proves itself with the key
 * alone. A wrong key and a missing workspace answer the same 404, so the answer tells nothing.
 */
import type { CalendarFeedLink } from '@expiry-radar/shared/api/calendar-feed-api-schemas';
import { canRotateCalendarFeed, canSeeCalendarFeed } from '@expiry-radar/shared/domain/permissions';
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  advanceCalendarFeedRotation,
  readCalendarFeedRotation,
  readCalendarFeedSubject,
} from '../../data/calendar-feed-records';
import { listAllTokens } from '../../data/token-records';
import type { UserRecord } from '../../data/user-records';
import { buildCalendarFeed } from '../../domain/calendar-feed';
import {
  calendarFeedKey,
  calendarFeedPath,
  verifyCalendarFeedKey,
} from '../../domain/calendar-feed-key';
import { AppError } from '../../platform/app-error';
import { getConfig } from '../../platform/config';
import { tokenUrl } from '../alerts/alert-links';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';

async function linkFor(access: WorkspaceAccess, rotation: number): Promise<CalendarFeedLink> {
  const [keyMaterial] = await getAlertLinkKeys();
  if (!keyMaterial) throw new Error('No alert link key material');
  return {
    path: calendarFeedPath(
      access.workspaceId,
      calendarFeedKey(access.workspaceId, rotation, keyMaterial),
    ),
    canRotate: canRotateCalendarFeed(access.role),
  };
}

export async function calendarFeedLink(access: WorkspaceAccess): Promise<CalendarFeedLink> {
  if (!canSeeCalendarFeed(access.role)) throw new AppError('FORBIDDEN');
  return linkFor(access, await readCalendarFeedRotation(access.workspaceId));
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
  return linkFor(access, rotation);
}

const NOT_FOUND_MESSAGE = 'Calendar not found.';

/** The feed's iCalendar text; 404 for a wrong key or an unknown workspace alike. */
export async function renderCalendarFeed(
  workspaceId: string,
  key: string,
  now: Date,
): Promise<string> {
  const subject = await readCalendarFeedSubject(workspaceId);
  if (!subject) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const keyMaterials = await getAlertLinkKeys();
  if (!verifyCalendarFeedKey(key, workspaceId, subject.rotation, keyMaterials)) {
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  }
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
