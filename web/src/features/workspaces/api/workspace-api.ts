import { okResponse } from '@expiry-radar/shared/api/common-schemas';
import { memberSchema, workspaceSchema } from '@expiry-radar/shared/api/workspace-api-schemas';
import { apiRequest } from '../../../lib/api-client';
import type { AssignableRole } from '../workspace-permissions';
import { membersPath, WORKSPACES_PATH, workspacePath } from './workspace-queries';

/**
 * The workspace and member calls of spec §7 (route table: createWorkspace, renameWorkspace,
 * deleteWorkspace, addMember, updateMember, removeMember). The token transfer is the account
 * feature's `transferTokens` (one client for that route).
 */

/** POST /api/v1/workspaces: owned by the caller, on their plan (409 PLAN_LIMIT beyond it). */
export function createWorkspace(name: string) {
  return apiRequest(WORKSPACES_PATH, { method: 'POST', body: { name }, schema: workspaceSchema });
}

/** PATCH /api/v1/workspaces/{id} (admin; not while frozen). */
export function renameWorkspace(id: string, name: string) {
  return apiRequest(workspacePath(id), {
    method: 'PATCH',
    body: { name },
    schema: workspaceSchema,
  });
}

/** DELETE /api/v1/workspaces/{id} (admin): tokens, settings, invitations and memberships go. */
export function deleteWorkspace(id: string) {
  return apiRequest(workspacePath(id), { method: 'DELETE', schema: okResponse });
}

/** POST .../members: invites the address by email; it joins when its owner accepts. */
export function addMember(workspaceId: string, body: { email: string; role: AssignableRole }) {
  return apiRequest(membersPath(workspaceId), { method: 'POST', body, schema: memberSchema });
}

/** PATCH .../members/{userId}: a member's (or a pending invitation's) role. */
export function updateMemberRole(workspaceId: string, userId: string, role: AssignableRole) {
  return apiRequest(membersPath(workspaceId, userId), {
    method: 'PATCH',
    body: { role },
    schema: memberSchema,
  });
}

/** DELETE .../members/{userId}: removes a member or cancels an invitation. */
export function removeMember(workspaceId: string, userId: string) {
  return apiRequest(membersPath(workspaceId, userId), { method: 'DELETE', schema: okResponse });
}
