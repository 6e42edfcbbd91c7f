/** Finding a token by id for a caller, and who may set a token's contact group. */
import type { Token } from '@expiry-radar/shared/domain/token';
import { canSetContactGroup } from '@expiry-radar/shared/domain/permissions';
import { findToken } from '../../data/token-records';
import { workspaceIdOfToken } from '../../domain/token-ids';
import { AppError } from '../../platform/app-error';
import {
  loadWorkspaceAccess,
  type WorkspaceAccess,
  type WorkspaceCaller,
} from '../workspaces/workspace-access';

const tokenNotFound = () => new AppError('NOT_FOUND', 'Token not found.');

/** The token and the caller's access to its workspace; 404 for non-members and unknown ids. */
export async function loadTokenAccess(
  tokenId: string,
  caller: WorkspaceCaller,
): Promise<{ access: WorkspaceAccess; token: Token }> {
  const workspaceId = workspaceIdOfToken(tokenId);
  if (workspaceId === undefined) throw tokenNotFound();
  const access = await loadWorkspaceAccess(workspaceId, caller);
  const token = await findToken(workspaceId, tokenId);
  if (!token) throw tokenNotFound();
  return { access, token };
}

/** The tokens of `workspaceId` with these ids; 404 unless every one of them is there. */
export async function loadTokensOf(
  workspaceId: string,
  tokenIds: readonly string[],
): Promise<Token[]> {
  const tokens = await Promise.all(
    tokenIds.map((tokenId) =>
      workspaceIdOfToken(tokenId) === workspaceId
        ? findToken(workspaceId, tokenId)
        : Promise.resolve(undefined),
    ),
  );
  if (tokens.some((token) => token === undefined)) throw tokenNotFound();
  return tokens as Token[];
}

export const CONTACT_GROUP_PLAN_MESSAGE =
  'Per-token contact groups need a Pro or Team workspace. Upgrade to Pro or Team to use them.';

/**
 * Only admins and workspace managers of workspaces whose plan has contact groups set a token's
 * contact group; keeping the current one (or none) is always allowed.
 */
export function requireContactGroupAllowed(
  access: WorkspaceAccess,
  contactGroupId: string | null | undefined,
  current: string | null = null,
): void {
  if (contactGroupId === undefined || contactGroupId === null || contactGroupId === current) return;
  if (!canSetContactGroup(access.role, access.plan)) {
    throw new AppError('FORBIDDEN', CONTACT_GROUP_PLAN_MESSAGE);
  }
}
