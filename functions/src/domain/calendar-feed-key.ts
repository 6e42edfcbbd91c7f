/**
 * The key in a workspace's calendar feed URL: HMAC-SHA-256 of the workspace id and the feed's
 * rotation under a key derived (HKDF-SHA-256) from the alert link key material, base64url. Nothing
 * secret is stored: replacing the key adds 1 to the rotation, and every older URL stops
 * verifying. Several key materials verify (the current one, then the one before a rotation of the
 * secret), so a rotation of the secret does not break subscribed calendars at once.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const HKDF_INFO = 'expiry-radar calendar feed v1';

function keyBytes(workspaceId: string, rotation: number, keyMaterial: string): Buffer {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, '', HKDF_INFO, 32));
  return createHmac('sha256', key).update(`${workspaceId}.${rotation}`).digest();
}

/** The key of the feed's URL, with the first (current) key material. */
export function calendarFeedKey(
  workspaceId: string,
  rotation: number,
  keyMaterial: string,
): string {
  return keyBytes(workspaceId, rotation, keyMaterial).toString('base64url');
}

/** Whether `key` is the feed's current key under one of the key materials (constant time). */
export function verifyCalendarFeedKey(
  key: string,
  workspaceId: string,
  rotation: number,
  keyMaterials: readonly string[],
): boolean {
  const given = Buffer.from(key);
  let verified = false;
  for (const keyMaterial of keyMaterials) {
    const expected = Buffer.from(calendarFeedKey(workspaceId, rotation, keyMaterial));
    if (given.length === expected.length && timingSafeEqual(given, expected)) verified = true;
  }
  return verified;
}

/** The feed's path with its key, as calendar apps fetch it. */
export function calendarFeedPath(workspaceId: string, key: string): string {
  return `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/calendar.ics?${new URLSearchParams({ key }).toString()}`;
}
