/**
 * The key in a member's calendar feed URL: `<userId>.<mac>`, the member who took the link and
 * base64url of an HMAC-SHA-256 of the workspace id, that user id and the feed's rotation, under a
 * key derived (HKDF-SHA-256) from the alert link key material. The key names its member so that
 * serving the feed can check they may still see the workspace; the MAC keeps the name from being
 * changed. Nothing secret is stored: replacing every member's key adds 1 to the rotation, and
 * every older URL stops verifying. Several key materials verify (the current one, then the one
 * before a rotation of the secret), so a rotation of the secret does not break subscribed
 * calendars at once. Keys of v1 (one per workspace, no user id) no longer verify.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const HKDF_INFO = 'expiry-radar calendar feed v2';
/** In neither base64url nor user ids, so it ends the user id. */
const HOLDER_SEPARATOR = '.';
/** User ids are UUIDs: anything else in a key is not read from the table at all. */
const USER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

function macOf(workspaceId: string, userId: string, rotation: number, keyMaterial: string): string {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, '', HKDF_INFO, 32));
  // JSON keeps the three fields apart whatever characters the ids hold.
  const message = JSON.stringify([workspaceId, userId, rotation]);
  return createHmac('sha256', key).update(message).digest('base64url');
}

/** The key of `userId`'s feed URL, with the first (current) key material. */
export function calendarFeedKey(
  workspaceId: string,
  userId: string,
  rotation: number,
  keyMaterial: string,
): string {
  return `${userId}${HOLDER_SEPARATOR}${macOf(workspaceId, userId, rotation, keyMaterial)}`;
}

/** The user id a key names (not yet verified); undefined when the key names none. */
export function calendarFeedKeyHolder(key: string): string | undefined {
  const separator = key.lastIndexOf(HOLDER_SEPARATOR);
  if (separator <= 0) return undefined;
  const userId = key.slice(0, separator);
  return USER_ID_PATTERN.test(userId) ? userId : undefined;
}

/**
 * Whether `key` is the current key of the member it names under one of the key materials
 * (constant time).
 */
export function verifyCalendarFeedKey(
  key: string,
  workspaceId: string,
  rotation: number,
  keyMaterials: readonly string[],
): boolean {
  const userId = calendarFeedKeyHolder(key);
  if (userId === undefined) return false;
  const given = Buffer.from(key);
  let verified = false;
  for (const keyMaterial of keyMaterials) {
    const expected = Buffer.from(calendarFeedKey(workspaceId, userId, rotation, keyMaterial));
    if (given.length === expected.length && timingSafeEqual(given, expected)) verified = true;
  }
  return verified;
}

/** The feed's path with its key, as calendar apps fetch it. */
export function calendarFeedPath(workspaceId: string, key: string): string {
  return `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/calendar.ics?${new URLSearchParams({ key }).toString()}`;
}
