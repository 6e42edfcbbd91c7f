import { call } from '../../../lib/api-call';
import type { AssignableRole } from '../workspace-permissions';

/**
 * The workspace and member calls (route table: createWorkspace, renameWorkspace, deleteWorkspace,
 * addMember, updateMember, removeMember). The token transfer is the account feature's
 * `transferTokens` (one client for that route).
 */

/** Owned by the caller, on their plan (409 PLAN_LIMIT beyond it). */
export function createWorkspace(name: string) {
  return call('createWorkspace', { body: { name } });
}

/** Admin only; not while frozen. */
export function renameWorkspace(id: string, name: string) {
  return call('renameWorkspace', { params: { id }, body: { name } });
}

/** Admin only: tokens, settings, invitations and memberships go. */
export function deleteWorkspace(id: string) {
  return call('deleteWorkspace', { params: { id } });
}

/** Adds an existing user at once, or invites the address by email. */
export function addMember(workspaceId: string, body: { email: string; role: AssignableRole }) {
  return call('addMember', { params: { id: workspaceId }, body });
}

/** A member's (or a pending invitation's) role. */
export function updateMemberRole(workspaceId: string, userId: string, role: AssignableRole) {
  return call('updateMember', { params: { id: workspaceId, userId }, body: { role } });
}

/** Removes a member or cancels an invitation. */
export function removeMember(workspaceId: string, userId: string) {
  return call('removeMember', { params: { id: workspaceId, userId } });
}
