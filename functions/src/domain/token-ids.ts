/**
 * Token ids carry their workspace: `<workspaceId>.<uuid>`. `PUT` and `DELETE /api/tokens/{id}`
 * get only the id, and with the workspace in it the token is one GetItem away
 * (`WS#<workspaceId>` / `TOKEN#<id>`, ACCESS_PATTERNS.md row 12) with no lookup item to keep in
 * step. A token moved to another workspace gets a new id there.
 */
import { randomUUID } from 'node:crypto';

const SEPARATOR = '.';

export function newTokenId(workspaceId: string): string {
  return `${workspaceId}${SEPARATOR}${randomUUID()}`;
}

/** The workspace a token id names, or undefined when the id is not one of ours. */
export function workspaceIdOfToken(tokenId: string): string | undefined {
  const at = tokenId.lastIndexOf(SEPARATOR);
  if (at <= 0 || at === tokenId.length - 1) return undefined;
  return tokenId.slice(0, at);
}
